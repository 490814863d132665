import { z } from 'zod';

/** The first entry of every archive: what it holds and how to check it. */
export const MANIFEST_NAME = 'manifest.json';
/** Bumped when the archive layout changes in a way an older restore could not read. */
export const ARCHIVE_FORMAT_VERSION = 1;

/** Folders inside an archive. */
export const ARCHIVE_DATABASE_DIR = 'database';
export const ARCHIVE_UPLOADS_DIR = 'uploads';
/** The PostgreSQL dump inside `database/` (pg_dump custom format). */
export const PG_DUMP_FILE = 'fleetpilot.pgdump';

const migrationSchema = z.object({
  /** drizzle's journal timestamp of the migration: what the migrator orders and compares by. */
  when: z.number().int(),
  /** The journal's name for it ("0009_analytics_day_totals"), when this FleetPilot knows it. */
  tag: z.string().nullable(),
});
export type AppliedMigration = z.infer<typeof migrationSchema>;

export const manifestSchema = z.object({
  format: z.literal('fleetpilot-backup'),
  formatVersion: z.number().int().min(1),
  /** When the snapshot was taken: every write acknowledged before it is in the archive. */
  snapshotAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.discriminatedUnion('engine', [
    z.object({
      engine: z.literal('pglite'),
      method: z.literal('data-directory'),
      /** PostgreSQL major version of the embedded data directory (its PG_VERSION file). */
      postgresMajor: z.string(),
    }),
    z.object({
      engine: z.literal('postgres'),
      method: z.literal('pg_dump'),
      /** "pg_dump (PostgreSQL) 15.20" */
      tool: z.string(),
      serverVersion: z.string(),
    }),
  ]),
  schema: z.object({
    /** The newest migration applied ("0009_analytics_day_totals"), for people reading the manifest. */
    version: z.string(),
    /** Migrations applied to the database at the snapshot, oldest first. */
    migrations: z.array(migrationSchema),
  }),
  /** Rows per table at the snapshot ("users", "drizzle.__drizzle_migrations"). */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** Every other file of the archive, with its size and SHA-256. */
  files: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** The newest migration in a manifest, or null for an empty history. */
export function latestMigration(manifest: Pick<Manifest, 'schema'>): AppliedMigration | null {
  return manifest.schema.migrations.at(-1) ?? null;
}
