import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackupStatus } from '@/domain/backup';
import type { DatabaseHandle } from '../../db/client';
import { currentSiteTimeZone } from '../../site-time';
import { SERVER_VERSION } from '../health/routes';
import {
  closeControlSocket,
  controlSocketPath,
  listenControlSocket,
  type ControlHandler,
} from './control-socket';
import { BackupRunner } from './runner';
import { isBackupDue } from './schedule';
import { readBackupState } from './state';
import { backupStatus, pgDumpChecker } from './status';

export interface BackupsOptions {
  database: DatabaseHandle;
  /** How often the schedule looks at the clock (default a minute). */
  tickMs?: number;
  /** The clock (tests). */
  now?: () => Date;
  /** Listen for `npm run backup` on the local control socket (embedded database on disk). Default on. */
  controlSocket?: boolean;
  /** Run the schedule's timer (default on; tests call `checkSchedule` themselves). */
  scheduleTimer?: boolean;
}

export interface Backups {
  runner: BackupRunner;
  status(): Promise<BackupStatus>;
  /** One look at the clock: runs the daily backup when it is due (the schedule's tick). */
  checkSchedule(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backups: Backups;
  }
}

/**
 * Backups: the runner, the daily schedule (BACKUP_DIR set), and the local channel `npm run backup`
 * uses while this process holds the embedded database.
 */
export const backupsPlugin = fp(
  async (app: FastifyInstance, opts: BackupsOptions) => {
    const now = opts.now ?? (() => new Date());
    const runner = new BackupRunner(app, opts.database);
    const checkPgDump = pgDumpChecker(app);

    const checkSchedule = async () => {
      const { backupDir, backupAt } = app.config;
      if (!backupDir || runner.running) return;
      const state = await readBackupState(app.db);
      const { due, day } = isBackupDue(
        now(),
        backupAt,
        await currentSiteTimeZone(app),
        state.lastScheduledDay,
      );
      if (due) await runner.runScheduled(day);
    };

    app.decorate('backups', {
      runner,
      status: () => backupStatus(app, opts.database, runner, checkPgDump, now()),
      checkSchedule,
    } satisfies Backups);

    let timer: NodeJS.Timeout | undefined;
    let tick: Promise<void> | null = null;
    const onTick = () => {
      // A failed run is recorded and told to the admins by the runner; here it is only not fatal.
      tick ??= checkSchedule()
        .catch((err: unknown) => app.log.error({ err, job: 'backup-schedule' }, 'scheduled backup failed'))
        .finally(() => (tick = null));
    };

    const socketPath = opts.database.dataDir ? controlSocketPath(app.config.dataDir) : null;
    let socket: net.Server | null = null;
    const handle: ControlHandler = async (request, send) => {
      if (request.command === 'ping') return send({ type: 'pong', version: SERVER_VERSION });
      const result = await runner.run({
        trigger: 'command',
        outDir: request.outDir,
        onProgress: (progress) => send({ type: 'progress', progress }),
      });
      send({
        type: 'done',
        archive: result.archive,
        path: result.path,
        files: result.manifest.files.length,
        tables: result.manifest.tables,
        snapshotAt: result.manifest.snapshotAt,
      });
    };

    app.addHook('onReady', async () => {
      if (socketPath && opts.controlSocket !== false)
        socket = await listenControlSocket(socketPath, handle, app.log);
      if (app.config.backupDir && opts.scheduleTimer !== false) {
        timer = setInterval(onTick, opts.tickMs ?? 60_000);
        timer.unref();
        onTick();
      }
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      if (socket && socketPath) await closeControlSocket(socket, socketPath);
      await tick;
      // The database closes after this: a running backup finishes first.
      await runner.idle();
    });
  },
  { name: 'backups', dependencies: ['audit', 'notify', 'settings-store'] },
);
