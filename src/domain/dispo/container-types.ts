import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { defineEntity, number, optionalText, requiredText } from '../fields';
import { listOf } from './fields';
import { active, masterLabel as label, masterMetaSchema } from './master-data';

/** A container type's editable fields, declared once: the API's schema, the form and its keyed messages. */
export const containerTypeEntity = defineEntity({
  /** Unique, case-insensitive. */
  name: requiredText(label('name', 'Name'), 120),
  /** m³. */
  volume: number(label('volume', 'Volume'), { above: 0, max: 100 }),
  description: optionalText(label('description', 'Description'), 1000),
  active,
});

export const containerTypeInputSchema = containerTypeEntity.schema;
export type ContainerTypeInput = z.infer<typeof containerTypeInputSchema>;
export type ContainerTypeInputValues = z.input<typeof containerTypeInputSchema>;

export const containerTypeSchema = lazySchema(() =>
  masterMetaSchema.extend({
    name: z.string(),
    volume: z.number(),
    description: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type ContainerType = z.infer<typeof containerTypeSchema>;
export const containerTypeListSchema = listOf(containerTypeSchema);
