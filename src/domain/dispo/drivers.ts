import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import {
  defineEntity,
  optionalReference,
  optionalText,
  requiredText,
  ruleError,
  type EntityRule,
} from '../fields';
import { listOf } from './fields';
import { active, masterLabel as label, masterMetaSchema } from './master-data';

const PHONE = label('phone', 'Phone');
const PHONE_CHARACTERS: EntityRule = {
  key: 'dispo.validation.phone',
  en: 'Phone may contain digits, spaces and + ( ) / - .',
};
const phone = optionalText(PHONE, 40);

/** A driver's editable fields, declared once: the API's schema, the form and its keyed messages. */
export const driverEntity = defineEntity({
  name: requiredText(label('name', 'Name'), 120),
  phone: {
    ...phone,
    schema: phone.schema.refine(
      (v) => v === null || /^[+0-9 ()/.-]+$/.test(v),
      ruleError(PHONE, PHONE_CHARACTERS),
    ),
  },
  /** The user account the driver signs in with; one account drives for at most one driver. */
  userId: optionalReference(label('user', 'User')),
  active,
});

export const driverInputSchema = driverEntity.schema;
export type DriverInput = z.infer<typeof driverInputSchema>;
export type DriverInputValues = z.input<typeof driverInputSchema>;

export const driverSchema = lazySchema(() =>
  masterMetaSchema.extend({
    name: z.string(),
    phone: z.string().nullable(),
    userId: z.string().nullable(),
    /** The linked account, for display. */
    user: z.object({ id: z.string(), username: z.string(), name: z.string().nullable() }).nullable(),
    active: z.boolean(),
  }),
);
export type Driver = z.infer<typeof driverSchema>;
export const driverListSchema = listOf(driverSchema);
