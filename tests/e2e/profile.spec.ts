import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, signIn } from './support/app';
import { USERS } from './support/users';

test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

/** Draws a short zig-zag across the signature area with the mouse. */
async function drawWithMouse(page: Page) {
  const box = (await page.getByTestId('signature-canvas').boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + 30 + i * 30, box.y + (i % 2 ? 40 : box.height - 40), { steps: 4 });
  await page.mouse.up();
}

/** Draws a stroke with a finger (real touch events through the DevTools protocol). */
async function drawWithFinger(page: Page) {
  const box = (await page.getByTestId('signature-canvas').boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const at = (i: number) => [{ x: box.x + 40 + i * 25, y: box.y + 50 + (i % 2) * 60 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('edit details, upload an image, draw signatures and change the password', async ({ page, request }) => {
  const user = USERS.profile;
  await signIn(page, user);
  await page
    .getByRole('link', { name: en('shell.user.viewProfile') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: en('profile.title'), exact: true })).toBeVisible();

  // Details: saved on the server and still there after a reload.
  await page.getByLabel(en('profile.details.name')).fill('Paula Profilova');
  await page.getByLabel(en('profile.details.phone')).fill('+49 170 5550101');
  await page.getByLabel(en('profile.details.department')).fill('Recycling Nord');
  await page.getByLabel(en('profile.details.email')).fill('Paula@Example.COM');
  await page.getByRole('button', { name: en('profile.details.save'), exact: true }).click();
  await expect(page.getByText(en('profile.details.saved'))).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(en('profile.details.name'))).toHaveValue('Paula Profilova');
  await expect(page.getByLabel(en('profile.details.email'))).toHaveValue('paula@example.com');
  await expect(page.getByLabel(en('profile.details.department'))).toHaveValue('Recycling Nord');

  // Image: a wrong type is refused here; a PNG is uploaded and shown in the top bar.
  const imageInput = page
    .getByRole('region', { name: en('profile.image.title') })
    .locator('input[type=file]');
  await imageInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(en('profile.image.wrongType'))).toBeVisible();
  await imageInput.setInputFiles(path.resolve('public/pwa-192x192.png'));
  await page.getByRole('button', { name: en('profile.image.upload') }).click();
  await expect(page.getByText(en('profile.image.uploaded'))).toBeVisible();
  const topBarImage = page.getByRole('banner').locator('img[src*="/uploads/"]');
  await expect(topBarImage).toBeVisible();
  expect(await topBarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );

  // Signature with the mouse: clear works, save stores a PNG shown as the saved signature.
  await expect(page.getByText(en('profile.signature.none'))).toBeVisible();
  await drawWithMouse(page);
  await page.getByRole('button', { name: en('signature.clear') }).click();
  await expect(page.getByRole('button', { name: en('profile.signature.save') })).toBeDisabled();
  await drawWithMouse(page);
  await page.getByRole('button', { name: en('profile.signature.save') }).click();
  await expect(page.getByText(en('profile.signature.savedMessage'))).toBeVisible();
  const saved = page.getByTestId('saved-signature');
  await expect(saved).toHaveAttribute('src', /^data:image\/png;base64,/);
  const first = await saved.getAttribute('src');

  // And with a finger.
  await drawWithFinger(page);
  await page.getByRole('button', { name: en('profile.signature.save') }).click();
  await expect(saved).not.toHaveAttribute('src', first!);
  await page.reload();
  await expect(page.getByTestId('saved-signature')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // Password: a wrong current password fails; the right one changes it and keeps this session.
  const passwordCard = page.getByRole('region', { name: en('profile.password.title') });
  await passwordCard.getByLabel(en('profile.password.current')).fill('wrong-password');
  await passwordCard.getByLabel(en('profile.password.new'), { exact: true }).fill('Profile-Passw0rd-2');
  await passwordCard.getByLabel(en('profile.password.confirm')).fill('Profile-Passw0rd-2');
  await passwordCard.getByRole('button', { name: en('profile.password.submit') }).click();
  await expect(passwordCard.getByText(en('profile.password.failed'))).toBeVisible();

  await passwordCard.getByLabel(en('profile.password.current')).fill(user.password);
  await passwordCard.getByRole('button', { name: en('profile.password.submit') }).click();
  await expect(passwordCard.getByText(en('profile.password.changed'))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: en('profile.title'), exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  expect(
    (
      await request.post('/api/auth/login', { data: { username: user.username, password: user.password } })
    ).status(),
  ).toBe(401);
  await apiToken(request, { ...user, password: 'Profile-Passw0rd-2' });
});
