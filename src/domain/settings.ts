import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import {
  DEFAULT_APP_NAME,
  DEFAULT_APP_VERSION,
  DEFAULT_LANGUAGE,
  DEFAULT_SITE_TIME_ZONE,
  LANGUAGES,
} from './constants';
import { DEFAULT_FEATURES, FEATURE_FLAGS } from './features';
import { isTimeZone } from './format/zone';
import { DEFAULT_SERVICE_INTERVAL_HOURS } from './maintenance';

export { DEFAULT_SITE_TIME_ZONE };

export const appSettingsSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).max(80),
    version: z.string().trim().min(1).max(40),
    defaultLanguage: z.enum(LANGUAGES),
    /**
     * The site's time zone (IANA name): the zone every time is shown in (screens, PDFs, audit) and the
     * one "02:00" of the backup schedule means, whatever zone a server or a viewer's device runs in.
     */
    timeZone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/Berlin'),
  }),
);

export const featuresSchema = lazySchema(() =>
  z
    .object(
      Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<
        (typeof FEATURE_FLAGS)[number],
        z.ZodBoolean
      >,
    )
    .catchall(z.boolean()),
);

/** Channel configuration lives here; the notifications issue gives it its full shape. */
export const notificationSettingsSchema = lazySchema(() => z.record(z.string(), z.unknown()));

/** Fleet maintenance rules: the service interval that maintenance-due is computed from. */
export const maintenanceSettingsSchema = lazySchema(() =>
  z.object({
    serviceIntervalHours: z
      .number({ error: 'Service interval must be a number' })
      .positive('Service interval must be positive')
      .max(100_000, 'Service interval must be at most 100000 hours'),
  }),
);

/** Maintenance report rules: whether a report may be submitted while checklist items are unchecked. */
export const reportSettingsSchema = lazySchema(() => z.object({ requireAllChecklistItems: z.boolean() }));

/**
 * Approval rules for reports and operations-log entries: whether someone may approve a record they wrote
 * or signed as its author (src/domain/four-eyes.ts). Off by default; one-person sites switch it on.
 */
export const approvalSettingsSchema = lazySchema(() => z.object({ allowSelfApproval: z.boolean() }));

export const settingsSchema = lazySchema(() =>
  z.object({
    app: appSettingsSchema,
    features: featuresSchema,
    notifications: notificationSettingsSchema,
    maintenance: maintenanceSettingsSchema,
    reports: reportSettingsSchema,
    approval: approvalSettingsSchema,
  }),
);
export type Settings = z.infer<typeof settingsSchema>;

/** Largest notifications section an update may carry (serialised), far above any real one. */
export const NOTIFICATION_SETTINGS_MAX_BYTES = 64 * 1024;
const NOTIFICATION_SECTIONS = ['email', 'push', 'slack', 'teams', 'discord', 'webhook', 'routing'] as const;

/**
 * What a settings update may put under `notifications`: the channel sections, each an object of plain
 * settings (the channel routes check each field), within a size limit.
 */
export const notificationSettingsUpdateSchema = lazySchema(() =>
  z
    .partialRecord(z.enum(NOTIFICATION_SECTIONS), z.record(z.string(), z.unknown()))
    .refine(
      (value) => JSON.stringify(value).length <= NOTIFICATION_SETTINGS_MAX_BYTES,
      `Notification settings must stay under ${NOTIFICATION_SETTINGS_MAX_BYTES / 1024} KB`,
    ),
);

export const settingsUpdateSchema = lazySchema(() =>
  z
    .object({
      app: appSettingsSchema.partial(),
      features: z.record(z.string(), z.boolean()),
      notifications: notificationSettingsUpdateSchema,
      maintenance: maintenanceSettingsSchema.partial(),
      reports: reportSettingsSchema.partial(),
      approval: approvalSettingsSchema.partial(),
    })
    .partial(),
);
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const DEFAULT_SETTINGS: Settings = {
  app: {
    name: DEFAULT_APP_NAME,
    version: DEFAULT_APP_VERSION,
    defaultLanguage: DEFAULT_LANGUAGE,
    timeZone: DEFAULT_SITE_TIME_ZONE,
  },
  features: { ...DEFAULT_FEATURES },
  notifications: {},
  maintenance: { serviceIntervalHours: DEFAULT_SERVICE_INTERVAL_HOURS },
  reports: { requireAllChecklistItems: false },
  approval: { allowSelfApproval: false },
};

/** A partial update merged over the current settings (PUT /api/settings merges). */
export function mergeSettings(current: Settings, update: SettingsUpdate): Settings {
  return {
    app: { ...current.app, ...update.app },
    features: { ...current.features, ...update.features },
    notifications: { ...current.notifications, ...update.notifications },
    maintenance: { ...current.maintenance, ...update.maintenance },
    reports: { ...current.reports, ...update.reports },
    approval: { ...current.approval, ...update.approval },
  };
}
