import type { FastifyInstance } from 'fastify';
import type { BackupPhase, BackupProgress, BackupRun, BackupTrigger } from '@/domain/backup';
import type { DatabaseHandle } from '../../db/client';
import { currentSiteTimeZone } from '../../site-time';
import { archiveDirectory } from '../../services/backup/archives';
import {
  createBackup,
  withBackupLock,
  type BackupResult,
  type BackupTarget,
} from '../../services/backup/create-backup';
import { SERVER_VERSION } from '../health/routes';
import { readBackupState, recordBackupRun } from './state';

/** Another backup runs (here, or on another instance of the same PostgreSQL database). */
export class BackupBusyError extends Error {
  constructor(message = 'A backup is already running. Try again when it is done.') {
    super(message);
    this.name = 'BackupBusyError';
  }
}

export type ProgressListener = (progress: BackupProgress) => void;

export interface RunOptions {
  trigger: BackupTrigger;
  /** The admin who asked (audit); none for the schedule and the command line. */
  userId?: string | null;
  username?: string | null;
  /** Another folder than the archive folder (npm run backup --out); nothing is pruned there. */
  outDir?: string;
  /** Progress of this run only (the command line's socket). */
  onProgress?: ProgressListener;
}

/** The database of this app as a backup reads it, or why it cannot be backed up. */
export function backupTarget(app: FastifyInstance, handle: DatabaseHandle): BackupTarget | string {
  if (handle.kind === 'postgres') {
    if (!app.config.databaseUrl) return 'The PostgreSQL address is not known to this process.';
    return { kind: 'postgres', databaseUrl: app.config.databaseUrl, pgBinDir: app.config.pgBinDir };
  }
  if (!handle.dataDir) return 'The database runs in memory: there is nothing on disk to back up.';
  return { kind: 'pglite', db: app.db, pgliteDir: handle.dataDir };
}

/**
 * Runs backups for the app: one at a time, with its progress visible to the Settings page, each
 * finished run recorded (the dashboard and the schedule read it), a failure told to the admins.
 */
export class BackupRunner {
  private progress: BackupProgress | null = null;
  private readonly listeners = new Set<ProgressListener>();
  private current: Promise<unknown> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly handle: DatabaseHandle,
  ) {}

  get running(): BackupProgress | null {
    return this.progress;
  }

  /** Hears the progress of every run until the returned function is called. */
  subscribe(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the running backup (if any) has finished, whatever its outcome. */
  async idle(): Promise<void> {
    while (this.current) await this.current.catch(() => undefined);
  }

  /**
   * Makes one backup now; `running` shows its progress as soon as this returns. Throws BackupBusyError
   * at once while another runs here (the promise rejects with it when one runs on another instance);
   * any other failure is recorded, told to the admins and rejects the promise.
   */
  run(options: RunOptions): Promise<BackupResult> {
    if (this.current) throw new BackupBusyError();
    return this.exclusive(options, async () => true).then((r) => {
      if (!r) throw new BackupBusyError();
      return r;
    });
  }

  /**
   * The daily backup of site date `day`, unless another instance has done it already: the check and
   * the backup happen under the backup lock, so the day runs once across instances. Resolves null when
   * there was nothing to do.
   */
  runScheduled(day: string): Promise<BackupResult | null> {
    if (this.current) return Promise.resolve(null);
    return this.exclusive(
      { trigger: 'schedule' },
      async () => {
        const state = await readBackupState(this.app.db);
        return state.lastScheduledDay === null || state.lastScheduledDay < day;
      },
      day,
    ).catch((err: unknown) => {
      if (err instanceof BackupBusyError) return null;
      throw err;
    });
  }

  private exclusive(
    options: RunOptions,
    stillWanted: () => Promise<boolean>,
    scheduledDay?: string,
  ): Promise<BackupResult | null> {
    const target = backupTarget(this.app, this.handle);
    if (typeof target === 'string') return Promise.reject(new Error(target));
    const startedAt = new Date();
    const work = (async () => {
      const update = (phase: BackupPhase, percent: number) => {
        this.progress = { trigger: options.trigger, phase, percent, startedAt: startedAt.toISOString() };
        for (const listener of this.listeners) listener(this.progress);
        options.onProgress?.(this.progress);
      };
      update('snapshot', 0);
      let locked;
      try {
        const timeZone = await currentSiteTimeZone(this.app);
        locked = await withBackupLock(target, async (source) => {
          if (!(await stillWanted())) return null;
          const dir = archiveDirectory(this.app.config);
          return createBackup({
            source,
            dataDir: this.app.config.dataDir,
            outDir: options.outDir ?? dir,
            keep: options.outDir && options.outDir !== dir ? undefined : this.app.config.backupKeep,
            timeZone,
            appVersion: SERVER_VERSION,
            onProgress: update,
          });
        });
      } catch (err) {
        await this.finish(options, startedAt, { error: err as Error }, scheduledDay);
        throw err;
      }
      if (!locked.locked)
        throw new BackupBusyError('A backup is already running on another FleetPilot instance.');
      if (locked.value) await this.finish(options, startedAt, { result: locked.value }, scheduledDay);
      return locked.value;
    })();
    this.current = work;
    void work
      .finally(() => {
        this.current = null;
        this.progress = null;
      })
      .catch(() => undefined);
    return work;
  }

  private async finish(
    options: RunOptions,
    startedAt: Date,
    outcome: { result: BackupResult } | { error: Error },
    scheduledDay: string | undefined,
  ): Promise<void> {
    const ok = 'result' in outcome;
    const run: BackupRun = {
      trigger: options.trigger,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      ok,
      archive: ok ? outcome.result.archive.name : null,
      size: ok ? outcome.result.archive.size : null,
      error: ok ? null : outcome.error.message.slice(0, 1000),
    };
    const { app } = this;
    try {
      await recordBackupRun(app.db, run, scheduledDay);
      await app.audit(null, {
        action: ok ? 'backup.create' : 'backup.fail',
        entity: 'backup',
        entityId: run.archive,
        userId: options.userId ?? null,
        username: options.username ?? (options.trigger === 'manual' ? null : `(${options.trigger})`),
        changes: ok
          ? { trigger: run.trigger, size: run.size, pruned: outcome.result.pruned }
          : { trigger: run.trigger, error: run.error },
      });
      if (ok) {
        app.log.info(
          { job: 'backup', archive: run.archive, size: run.size, trigger: run.trigger },
          'backup made',
        );
        return;
      }
      app.log.error({ job: 'backup', err: outcome.error, trigger: run.trigger }, 'backup failed');
      const settings = await app.settingsStore.get();
      await app.notify({
        roles: ['admin'],
        type: 'backup.failed',
        key: 'backup.failed',
        params: { appName: settings.app.name, error: (run.error ?? '').slice(0, 1500) },
        link: '/settings#backups',
      });
    } catch (err) {
      // The database itself may be what failed; the log keeps the outcome then.
      app.log.error({ err, job: 'backup', run }, 'could not record the backup run');
    }
  }
}
