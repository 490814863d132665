import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupArchive, BackupProgress, BackupRun, BackupStatus } from '@/domain/backup';
import { makeUser, renderApp, resetClientState } from '../../support/render';

// Longer than the setup's wait: the whole app with its route tree renders before the section shows.
configure({ asyncUtilTimeout: 6000 });
vi.setConfig({ testTimeout: 40_000 });

const ARCHIVE: BackupArchive = {
  name: 'fleetpilot-2026-03-10-020000.tar.gz',
  size: 5_120_000,
  createdAt: '2026-03-10T01:00:05.000Z',
};

function status(overrides: Partial<BackupStatus> = {}): BackupStatus {
  return {
    engine: 'pglite',
    method: 'data-directory',
    available: true,
    problem: null,
    tool: null,
    directory: '/srv/fleetpilot/backups',
    schedule: {
      enabled: true,
      at: '02:00',
      keep: 14,
      timeZone: 'Europe/Berlin',
      nextRunAt: '2026-03-11T01:00:00.000Z',
    },
    running: null,
    lastRun: {
      trigger: 'schedule',
      startedAt: '2026-03-10T01:00:00.000Z',
      finishedAt: '2026-03-10T01:00:05.000Z',
      ok: true,
      archive: ARCHIVE.name,
      size: ARCHIVE.size,
      error: null,
    },
    lastSuccessAt: '2026-03-10T01:00:05.000Z',
    archives: [ARCHIVE],
    ...overrides,
  };
}

/** A fake server: GET and POST /api/backups, the download link; a started backup runs through phases. */
let server: { status: BackupStatus; steps: BackupProgress[]; calls: string[] };

function progress(phase: BackupProgress['phase'], percent: number): BackupProgress {
  return { trigger: 'manual', phase, percent, startedAt: '2026-03-10T09:00:00.000Z' };
}

beforeEach(() => {
  resetClientState();
  server = { status: status(), steps: [], calls: [] };
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      server.calls.push(`${method} ${url.pathname}`);
      if (url.pathname === '/api/backups' && method === 'GET') {
        const next = server.steps.shift();
        if (next) server.status = { ...server.status, running: next };
        else if (server.status.running) {
          const made: BackupArchive = {
            name: 'fleetpilot-2026-03-10-100000.tar.gz',
            size: 6_000_000,
            createdAt: '2026-03-10T09:00:03.000Z',
          };
          const run: BackupRun = {
            trigger: 'manual',
            startedAt: '2026-03-10T09:00:00.000Z',
            finishedAt: made.createdAt,
            ok: true,
            archive: made.name,
            size: made.size,
            error: null,
          };
          server.status = {
            ...server.status,
            running: null,
            lastRun: run,
            archives: [made, ...server.status.archives],
          };
        }
        return Response.json(server.status);
      }
      if (url.pathname === '/api/backups' && method === 'POST') {
        server.steps = [progress('snapshot', 0), progress('hash', 25), progress('archive', 70)];
        return Response.json({ running: progress('snapshot', 0) }, { status: 202 });
      }
      if (url.pathname === `/api/backups/${ARCHIVE.name}/download` && method === 'POST') {
        return Response.json({ url: '/api/backups/download?ticket=signed-ticket' });
      }
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openBackups() {
  await renderApp({ path: '/settings#backups', user: makeUser('admin') });
  return screen.findByRole('region', { name: 'Backups' });
}

describe('Settings → Backups', () => {
  it('tells how backups are made, the schedule and the last run, and lists the archives with size and date', async () => {
    const section = await openBackups();
    expect(await within(section).findByText(/Embedded database: its files are copied/)).toBeInTheDocument();
    expect(within(section).getByTestId('backup-folder')).toHaveTextContent('/srv/fleetpilot/backups');
    expect(
      within(section).getByText('Daily at 02:00 (Europe/Berlin), keeping the newest 14 archives.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Next backup: 11 Mar 2026, 02:00')).toBeInTheDocument();
    expect(within(section).getByText(/Last backup on .* \(daily schedule\) succeeded\./)).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Archives' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText(ARCHIVE.name)).toBeInTheDocument();
    expect(within(item).getByText('4.9 MB')).toBeInTheDocument();
    expect(item.querySelector('time')).toHaveAttribute('datetime', ARCHIVE.createdAt);
    expect(within(section).getByText('1 archive')).toBeInTheDocument();
  });

  it('makes one now with its progress, then lists it', async () => {
    const user = userEvent.setup();
    const section = await openBackups();
    await user.click(await within(section).findByRole('button', { name: 'Back up now' }));
    const bar = await within(section).findByRole('progressbar', { name: 'Backup in progress' });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(25));
    expect(within(section).getByTestId('backup-progress')).toHaveTextContent(
      /Checking every file…|Writing the archive…/,
    );
    await within(section).findByText('fleetpilot-2026-03-10-100000.tar.gz');
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section).getByText('2 archives')).toBeInTheDocument();
    expect(await screen.findByText('Backup made: fleetpilot-2026-03-10-100000.tar.gz')).toBeInTheDocument();
    expect(server.calls.filter((c) => c === 'POST /api/backups')).toHaveLength(1);
  });

  it('downloads an archive through its short-lived address', async () => {
    const user = userEvent.setup();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const section = await openBackups();
    await user.click(await within(section).findByRole('button', { name: `Download ${ARCHIVE.name}` }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.getAttribute('href')).toBe('/api/backups/download?ticket=signed-ticket');
    expect(clicked[0]!.download).toBe(ARCHIVE.name);
  });

  it('shows a failed last run, a missing dump tool and an empty folder', async () => {
    server.status = status({
      engine: 'postgres',
      method: 'pg_dump',
      available: false,
      problem: 'pg_dump was not found on PATH.',
      schedule: { enabled: false, at: '02:00', keep: 14, timeZone: 'Europe/Berlin', nextRunAt: null },
      lastRun: {
        trigger: 'schedule',
        startedAt: '2026-03-10T01:00:00.000Z',
        finishedAt: '2026-03-10T01:00:01.000Z',
        ok: false,
        archive: null,
        size: null,
        error: 'pg_dump was not found on PATH.',
      },
      archives: [],
    });
    const section = await openBackups();
    expect(await within(section).findByText('Backups cannot be made here')).toBeInTheDocument();
    expect(within(section).getByTestId('backup-last-failed')).toHaveTextContent(
      /The last backup failed.*\(daily schedule\): pg_dump was not found on PATH\./,
    );
    expect(within(section).getByText(/No daily backup: set BACKUP_DIR/)).toBeInTheDocument();
    expect(within(section).getByText('No backups yet')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });
});

describe('the dashboard', () => {
  const failed = () =>
    status({
      lastRun: {
        trigger: 'schedule',
        startedAt: '2026-03-10T01:00:00.000Z',
        finishedAt: '2026-03-10T01:00:01.000Z',
        ok: false,
        archive: null,
        size: null,
        error: 'The backup folder /mnt/usb cannot be used',
      },
    });

  it('tells an admin that the last backup failed, with the way to Settings → Backups', async () => {
    server.status = failed();
    await renderApp({ path: '/', user: makeUser('admin') });
    const notice = await screen.findByTestId('backup-failure-notice');
    expect(notice).toHaveTextContent('The last backup failed');
    expect(notice).toHaveTextContent('The backup folder /mnt/usb cannot be used');
    expect(within(notice).getByRole('link', { name: 'Open backups' })).toHaveAttribute(
      'href',
      '/settings#backups',
    );
  });

  it('says nothing when the last backup succeeded', async () => {
    await renderApp({ path: '/', user: makeUser('admin') });
    await waitFor(() => expect(server.calls).toContain('GET /api/backups'));
    await screen.findByTestId('dashboard-date');
    expect(screen.queryByTestId('backup-failure-notice')).not.toBeInTheDocument();
  });

  it('asks nothing about backups for other roles', async () => {
    server.status = failed();
    await renderApp({ path: '/', user: makeUser('manager') });
    await screen.findByTestId('dashboard-date');
    expect(server.calls).not.toContain('GET /api/backups');
    expect(screen.queryByTestId('backup-failure-notice')).not.toBeInTheDocument();
  });
});
