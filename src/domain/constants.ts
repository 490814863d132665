/** Business constants and limits, shared by client and server. */
export const API_BASE = '/api';
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export const DEFAULT_APP_NAME = 'FleetPilot';
export const DEFAULT_APP_VERSION = '2.0.0';

export const LANGUAGES = ['en', 'de', 'bg', 'gr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
export const FALLBACK_LANGUAGE: Language = 'de';

export const FAVORITES_MAX = 5;
export const RECENTS_MAX = 3;
export const NOTIFICATION_DROPDOWN_MAX = 10;
export const UNREAD_POLL_MS = 60_000;
export const NOTIFICATION_HIGHLIGHT_MS = 1200;
export const LIMIT_MESSAGE_MS = 2500;
export const PALETTE_RESULT_CAP = 30;
export const G_SHORTCUT_WINDOW_MS = 700;
export const DISPO_UPCOMING_DAYS = 7;
export const SUPPORT_HOURS = { days: 'Monday–Friday', from: '7:00', to: '17:00' } as const;
/** The request header that carries the session's token (the server also takes `Authorization: Bearer`). */
export const AUTH_TOKEN_HEADER = 'x-auth-token';
/** Where the device keeps the session's token (the build's session preload reads it too). */
export const TOKEN_STORAGE_KEY = 'token';
/** The theme chosen on this device: light, dark or outdoor (high contrast, larger type). */
export const COLOR_THEME_STORAGE_KEY = 'colorTheme';
/** Where earlier versions kept a plain light/dark choice; still read when no theme was chosen since. */
export const DARK_MODE_STORAGE_KEY = 'darkMode';
export const COLOR_THEMES = ['light', 'dark', 'outdoor'] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];
export const REALTIME_PATH = '/socket.io';

/*
 * Value lists the pages' URL search params are checked against. They live here, in a module without
 * zod, because the route tree (and so every route's search check) is in the first load of every page,
 * the login page's too; the domain modules re-export them.
 */
export const ANALYTICS_RANGES = ['1month', '3months', '6months', '1year'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '6months';
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const EXCAVATOR_STATUSES = ['operational', 'maintenance', 'out_of_service'] as const;
export type ExcavatorStatus = (typeof EXCAVATOR_STATUSES)[number];
export const LOGBOOK_STATUSES = ['unsigned', 'pending', 'approved'] as const;
export type LogbookStatus = (typeof LOGBOOK_STATUSES)[number];
/** `due` is urgent or soon (src/domain/maintenance.ts). */
export const MAINTENANCE_FILTERS = ['due', 'urgent', 'soon'] as const;
export type MaintenanceFilter = (typeof MAINTENANCE_FILTERS)[number];

/** Upload limits shared by the client (pre-check) and the server (authority). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_SIGNATURE_BYTES = 512 * 1024;

/** The site's time zone where nothing else is said: where FleetPilot's customers run it. */
export const DEFAULT_SITE_TIME_ZONE = 'Europe/Berlin';
