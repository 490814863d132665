import { z } from 'zod';
import { blankToNull, id, optionalText, requiredText, listOf } from './fields';
import { active, masterMetaSchema } from './master-data';

export const driverInputSchema = z.object({
  name: requiredText('Name', 120),
  phone: optionalText('Phone', 40).refine(
    (v) => v === null || /^[+0-9 ()/.-]+$/.test(v),
    'Phone may contain digits, spaces and + ( ) / - .',
  ),
  /** The user account the driver signs in with; one account drives for at most one driver. */
  userId: z.preprocess(blankToNull, id('User').nullable()).transform((v) => v ?? null),
  active,
});
export type DriverInput = z.infer<typeof driverInputSchema>;
export type DriverInputValues = z.input<typeof driverInputSchema>;

export const driverSchema = masterMetaSchema.extend({
  name: z.string(),
  phone: z.string().nullable(),
  userId: z.string().nullable(),
  /** The linked account, for display. */
  user: z.object({ id: z.string(), username: z.string(), name: z.string().nullable() }).nullable(),
  active: z.boolean(),
});
export type Driver = z.infer<typeof driverSchema>;
export const driverListSchema = listOf(driverSchema);
