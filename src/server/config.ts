import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseStorageUrl, type S3StorageConfig } from './services/storage-url';
import { checkTlsConfig, type TlsConfig } from './tls/config';

const durationPattern = /^\d+\s*(s|m|h|d|w)$/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  TOKEN_TTL: z.string().regex(durationPattern, 'must be a duration like 7d, 12h or 30m').default('7d'),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  WEATHER_FORECAST_URL: z.url().default('https://api.open-meteo.com/v1/forecast'),
  WEATHER_ARCHIVE_URL: z.url().default('https://archive-api.open-meteo.com/v1/archive'),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  HTTPS: z.enum(['local'], { message: 'must be "local" (or unset)' }).optional(),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  TLS_HOSTNAMES: z.string().optional(),
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day like 02:00 (HH:MM, 24 hours)')
    .default('02:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  PG_BIN_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => parseTrustProxy(value ?? ''))
    .refine((list) => list.every(isAddressOrCidr), {
      message: 'must be a comma-separated list of IP addresses or CIDR ranges (like 10.0.0.5, 10.1.0.0/16)',
    }),
  ANONYMOUS_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  STORAGE_URL: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
});

/** TRUST_PROXY's entries, split on commas and blanks. */
export function parseTrustProxy(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Env = z.infer<typeof envSchema>;

/** The built PWA, beside the sources whatever the working directory (`vite build` writes it there). */
export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  publicUrl: string | undefined;
  redisUrl: string | undefined;
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** Open-Meteo compatible endpoints the logbook's weather comes from (forecast and historical archive). */
  weatherForecastUrl: string;
  weatherArchiveUrl: string;
  /** Total time limit of one weather request. */
  weatherTimeoutMs: number;
  /** Where the built PWA lives; the server serves it with an SPA fallback. */
  clientDir: string;
  /** HTTPS on `port`: off, from certificate files, or from the local authority under DATA_DIR/tls. */
  tls: TlsConfig;
  /** Plain HTTP port that sends browsers to HTTPS and serves the tablet setup page. */
  httpPort: number | undefined;
  /** Usable settings someone should act on soon (a certificate close to expiry), logged at start. */
  warnings: string[];
  /** Where backup archives go; set → a daily backup runs. Unset: DATA_DIR/backups, no schedule. */
  backupDir: string | undefined;
  /** Site time of day (HH:MM) of the daily backup. */
  backupAt: string;
  /** How many archives the backup folder keeps; older ones are deleted after each backup. */
  backupKeep: number;
  /** Folder holding pg_dump and pg_restore when they are not on PATH (PostgreSQL backups). */
  pgBinDir: string | undefined;
  /**
   * Reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed; empty: none, the
   * client address is the connection's. Trusting everyone would let any client pick its own address.
   */
  trustProxy: string[];
  /** Requests per minute one address may make to the API without signing in. */
  anonymousRateLimit: number;
  /** Audit rows older than this many days are deleted by a daily job. */
  auditRetentionDays: number;
  /** The object store the uploads go to; undefined: local disk under DATA_DIR/uploads. */
  storage: S3StorageConfig | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

export function parseDuration(value: string): number {
  const match = /^(\d+)\s*([smhdw])$/.exec(value.trim());
  if (!match) throw new Error(`Not a duration: ${value}`);
  return Number(match[1]) * (UNIT_SECONDS[match[2] ?? 's'] ?? 1);
}

/** Parses the environment once; every problem is listed, not only the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // The certificate files are read here too, so a start with unusable ones stops with the same list.
  const tls = checkTlsConfig(cleaned);
  problems.push(...tls.problems);
  const storage = cleaned.STORAGE_URL
    ? parseStorageUrl(cleaned.STORAGE_URL, {
        accessKeyId: cleaned.AWS_ACCESS_KEY_ID,
        secretAccessKey: cleaned.AWS_SECRET_ACCESS_KEY,
        sessionToken: cleaned.AWS_SESSION_TOKEN,
      })
    : null;
  problems.push(...(storage?.problems ?? []));
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: parseDuration(e.TOKEN_TTL),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    redisUrl: e.REDIS_URL,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    weatherForecastUrl: e.WEATHER_FORECAST_URL,
    weatherArchiveUrl: e.WEATHER_ARCHIVE_URL,
    weatherTimeoutMs: e.WEATHER_TIMEOUT_MS,
    clientDir: DEFAULT_CLIENT_DIR,
    tls: tls.config,
    httpPort: e.HTTP_PORT,
    warnings: tls.warnings,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupAt: e.BACKUP_AT,
    backupKeep: e.BACKUP_KEEP,
    pgBinDir: e.PG_BIN_DIR ? path.resolve(e.PG_BIN_DIR) : undefined,
    trustProxy: e.TRUST_PROXY,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    anonymousRateLimit: e.ANONYMOUS_RATE_LIMIT,
    storage: storage?.config ?? undefined,
  };
}
