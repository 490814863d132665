import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChecklistConfig } from '@/domain/checklist';
import { setStoredToken } from '@/client/api/client';
import { ChecklistSection } from '@/client/features/reports/checklist-editor/checklist-section';
import { META_KEYS } from '@/client/offline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer, type ServerProcess } from '../../../server/support/server-process';
import { createHarness, type Harness } from '../../offline/harness';
import { renderWithEngine, resetClientState, useEnglish } from '../../support/render';

// Longer than the setup's wait: every save and pull here goes to a real server process.
configure({ asyncUtilTimeout: 10_000 });

// The screen talks to a listening FleetPilot server through the app's own API module and the page's
// fetch: a wrong path (a doubled /api prefix, a renamed route) fails here as it would in the browser.
// The server runs in its own process as `npm start` runs it: the page environment's globals (URL,
// fetch) must not leak into it.
const ADMIN_PASSWORD = 'checklist-admin-1';
let server: ServerProcess | undefined;
let dataDir: string;
let origin: string;
let h: Harness;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-client-live-'));
  server = startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'info' });
  origin = `http://127.0.0.1:${await server.running(90_000)}`;
}, 100_000);
afterAll(async () => {
  stopServer(server);
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** happy-dom's window, whose address decides where relative requests of the page go. */
function pageWindow(): { happyDOM: { setURL(url: string): void } } {
  return window as unknown as { happyDOM: { setURL(url: string): void } };
}

async function signIn(): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

beforeEach(async () => {
  resetClientState();
  await useEnglish();
  pageWindow().happyDOM.setURL(`${origin}/settings?section=checklists`);
  setStoredToken(await signIn());
  h = createHarness();
  return async () => {
    await h.dispose();
  };
});

describe('Settings → Checklists against the real server', () => {
  it('loads the stored configuration and saves an edit the server keeps', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithEngine(h, <ChecklistSection readOnly={false} onDirtyChange={() => undefined} />);
    const categories = await screen.findAllByTestId('checklist-category');
    expect(categories.length).toBeGreaterThan(0);
    expect(screen.queryByText(/not found/i)).toBeNull();

    const first = categories[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Add item' }));
    const labels = within(first).getAllByRole('textbox', { name: 'Item label (English)' });
    await userEvent.type(labels.at(-1)!, 'Grease nipples');
    await userEvent.click(screen.getByRole('button', { name: 'Save checklist' }));
    expect(await screen.findByText('Checklist saved')).toBeInTheDocument();

    const stored = await fetch(`${origin}/api/checklist-config`, {
      headers: { 'x-auth-token': localStorage.getItem('token') ?? '' },
    });
    const config = (await stored.json()) as ChecklistConfig;
    expect(config.categories[0]!.items.map((i) => i.key)).toContain('greaseNipples');
    await waitFor(async () =>
      expect((await h.db.meta.get(META_KEYS.checklistConfig))?.value).toEqual(config),
    );
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  }, 90_000);
});
