import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { BackupStatus } from '@/domain/backup';
import { apiToken, en, preferEnglish, signInFast } from './support/app';
import { ADMIN } from './support/users';

test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

test('an admin makes a backup in Settings → Backups and downloads it through the browser', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  const before = (await (
    await request.get('/api/backups', { headers: { 'x-auth-token': token } })
  ).json()) as BackupStatus;

  await signInFast(page, request, ADMIN, '/settings#backups');
  const section = page.getByRole('region', { name: en('backups.title') });
  await expect(section.getByText(en('backups.method.pglite'))).toBeVisible();
  await section.getByRole('button', { name: en('backups.now') }).click();
  await expect(page.getByText(/^Backup made: fleetpilot-.*\.tar\.gz$/)).toBeVisible({ timeout: 60_000 });
  const archives = section.getByRole('list', { name: en('backups.archives') }).getByRole('listitem');
  await expect(archives).toHaveCount(before.archives.length + 1);

  const after = (await (
    await request.get('/api/backups', { headers: { 'x-auth-token': token } })
  ).json()) as BackupStatus;
  const newest = after.archives[0]!;
  expect(after.lastRun).toMatchObject({ ok: true, trigger: 'manual', archive: newest.name });

  // The browser's own download (the service worker lets it through, nothing is held in the page).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: en('backups.downloadLabel', { name: newest.name }) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(newest.name);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.length).toBe(newest.size);
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
});
