import { z } from 'zod';
import { listOf, optionalText, requiredText } from './fields';
import { active, masterMetaSchema } from './master-data';

export const containerTypeInputSchema = z.object({
  /** Unique, case-insensitive. */
  name: requiredText('Name', 120),
  /** m³. */
  volume: z
    .number({ error: 'Volume must be a number' })
    .gt(0, 'Volume must be greater than 0')
    .max(100, 'Volume must be at most 100 m³'),
  description: optionalText('Description', 1000),
  active,
});
export type ContainerTypeInput = z.infer<typeof containerTypeInputSchema>;
export type ContainerTypeInputValues = z.input<typeof containerTypeInputSchema>;

export const containerTypeSchema = masterMetaSchema.extend({
  name: z.string(),
  volume: z.number(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type ContainerType = z.infer<typeof containerTypeSchema>;
export const containerTypeListSchema = listOf(containerTypeSchema);
