import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/domain/constants';
import type { User } from '@/domain/user';
import { getStoredToken, setStoredToken } from '@/client/api/client';
import { ProfilePage } from '@/client/features/profile/profile-page';
import { hasUnsavedChanges } from '@/client/lib/unsaved-changes';
import { sessionStore } from '@/client/lib/session/session-store';
import { renderWithProviders, useEnglish } from '../../support/render';

// happy-dom has no 2D canvas: a stand-in pad that "draws" when the test says so.
const { FakePad, pads, SIGNATURE } = vi.hoisted(() => {
  const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
  const pads: Array<InstanceType<typeof FakePad>> = [];
  class FakePad {
    private listeners = new Map<string, () => void>();
    private empty = true;
    constructor() {
      pads.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    removeEventListener(type: string) {
      this.listeners.delete(type);
    }
    draw() {
      this.empty = false;
      this.listeners.get('endStroke')?.();
    }
    isEmpty = () => this.empty;
    clear = () => {
      this.empty = true;
    };
    toData = () => [];
    fromData = () => undefined;
    toDataURL = () => SIGNATURE;
    off = () => undefined;
  }
  return { FakePad, pads, SIGNATURE };
});
vi.mock('signature_pad', () => ({ default: FakePad }));

const baseUser: User = {
  id: 'u1',
  username: 'olga',
  name: 'Olga Operator',
  email: 'olga@example.com',
  phone: null,
  department: 'Recycling',
  role: 'operator',
  active: true,
  profileImage: null,
  signature: null,
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

beforeAll(useEnglish);

type Handler = (init: RequestInit) => { status: number; body: unknown };
let routes: Record<string, Handler>;
let calls: Array<{ key: string; init: RequestInit }>;

function json(status: number, body: unknown) {
  return { status, body };
}

beforeEach(() => {
  pads.length = 0;
  calls = [];
  routes = { 'GET /api/profile': () => json(200, baseUser) };
  setStoredToken('old-token');
  sessionStore.set({ status: 'signed-in', user: baseUser });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, init });
      const handler = routes[key];
      if (!handler)
        return new Response(JSON.stringify({ message: 'nope', code: 'NOT_FOUND' }), { status: 404 });
      const { status, body } = handler(init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setStoredToken(null);
});

async function renderPage() {
  renderWithProviders(<ProfilePage />);
  await screen.findByLabelText('Name');
}

const bodyOf = (key: string) =>
  JSON.parse(String(calls.find((call) => call.key === key)?.init.body)) as unknown;

describe('profile details', () => {
  it('shows the own record and saves edited fields', async () => {
    const user = userEvent.setup();
    routes['PUT /api/profile'] = (init) =>
      json(200, { ...baseUser, ...(JSON.parse(String(init.body)) as object) });
    await renderPage();
    expect(screen.getByLabelText('Name')).toHaveValue('Olga Operator');
    expect(screen.getByLabelText('Department')).toHaveValue('Recycling');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Olga Schmidt');
    await user.type(screen.getByLabelText('Phone'), '+49 170 1234567');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'Olga.Schmidt@Example.com');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Profile saved');
    expect(bodyOf('PUT /api/profile')).toEqual({
      name: 'Olga Schmidt',
      email: 'olga.schmidt@example.com',
      phone: '+49 170 1234567',
      department: 'Recycling',
    });
    expect(sessionStore.get().user?.name).toBe('Olga Schmidt');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('shows the server error under the field it belongs to', async () => {
    const user = userEvent.setup();
    routes['PUT /api/profile'] = () =>
      json(409, {
        message: 'E-mail already in use',
        code: 'CONFLICT',
        details: { fields: { email: ['E-mail already in use'] } },
      });
    await renderPage();
    await user.type(screen.getByLabelText('Phone'), '123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('E-mail already in use')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Failed to save the profile')).toBeInTheDocument();
  });

  it('rejects a malformed e-mail before calling the server', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'PUT /api/profile')).toBe(false);
  });
});

describe('signature', () => {
  it('saves the drawing as a PNG data URL and shows the saved one', async () => {
    const user = userEvent.setup();
    routes['PUT /api/profile/signature'] = (init) =>
      json(200, {
        ...baseUser,
        signature: (JSON.parse(String(init.body)) as { signature: string }).signature,
      });
    await renderPage();
    expect(screen.getByText('No signature saved yet.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save signature' });
    expect(save).toBeDisabled();

    act(() => pads[0]!.draw());
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(save);

    await screen.findByText('Signature saved');
    expect(bodyOf('PUT /api/profile/signature')).toEqual({ signature: SIGNATURE });
    expect(screen.getByTestId('saved-signature')).toHaveAttribute('src', SIGNATURE);
    expect(sessionStore.get().user?.signature).toBe(SIGNATURE);
    expect(screen.getByRole('button', { name: 'Save signature' })).toBeDisabled();
  });

  it('signs with the name from the keyboard and says who signed and when', async () => {
    const user = userEvent.setup();
    routes['PUT /api/profile/signature'] = (init) =>
      json(200, {
        ...baseUser,
        signature: (JSON.parse(String(init.body)) as { signature: string }).signature,
      });
    await renderPage();
    const pad = screen.getByRole('img', { name: 'Signature drawing area' });
    expect(pad).toHaveAccessibleDescription('Not signed yet');

    screen.getByRole('button', { name: 'Sign with my name' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pad).toHaveAccessibleDescription(/^Signed by Olga Operator at .*\d/));
    expect(screen.getByTestId('signature-caption')).toHaveAttribute('aria-live', 'polite');

    screen.getByRole('button', { name: 'Save signature' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Signature saved');
    expect(bodyOf('PUT /api/profile/signature')).toEqual({ signature: SIGNATURE });
    expect(pad).toHaveAccessibleDescription('Not signed yet');
  });

  it('clears the drawing without saving', async () => {
    const user = userEvent.setup();
    await renderPage();
    act(() => pads[0]!.draw());
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(pads[0]!.isEmpty()).toBe(true);
    expect(screen.getByRole('button', { name: 'Save signature' })).toBeDisabled();
    expect(calls.some((call) => call.key === 'PUT /api/profile/signature')).toBe(false);
  });
});

describe('profile image', () => {
  const imageCard = () => screen.getByRole('region', { name: 'Profile image' });
  const fileInput = () => imageCard().querySelector('input[type="file"]') as HTMLInputElement;

  it('refuses a wrong type or an oversized file with a clear message and no upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderPage();
    await user.upload(fileInput(), new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await within(imageCard()).findByText(/file type is not supported/)).toBeInTheDocument();

    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: MAX_IMAGE_BYTES + 1 });
    await user.upload(fileInput(), big);
    expect(
      await within(imageCard()).findByText('The image is too large. The maximum is 8 MB.'),
    ).toBeInTheDocument();
    expect(within(imageCard()).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(calls.some((call) => call.key === 'POST /api/profile/upload-image')).toBe(false);
  });

  it('previews, uploads as multipart field "image" and updates the signed-in user', async () => {
    const user = userEvent.setup();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    routes['POST /api/profile/upload-image'] = () =>
      json(200, { ...baseUser, profileImage: 'profiles/abc.webp' });
    await renderPage();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(fileInput(), file);
    expect(within(imageCard()).getByRole('img')).toHaveAttribute('src', 'blob:preview');
    expect(hasUnsavedChanges()).toBe(true);

    await user.click(within(imageCard()).getByRole('button', { name: 'Upload' }));
    await within(imageCard()).findByText('Profile image updated');
    const body = calls.find((call) => call.key === 'POST /api/profile/upload-image')?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('image')).toBeInstanceOf(File);
    expect(sessionStore.get().user?.profileImage).toBe('profiles/abc.webp');
    await waitFor(() =>
      expect(within(imageCard()).getByRole('img')).toHaveAttribute(
        'src',
        `${window.location.origin}/uploads/profiles/abc.webp`,
      ),
    );
    expect(revoke).toHaveBeenCalledWith('blob:preview');
  });

  it("shows the server's answer to a file it refuses by content", async () => {
    const user = userEvent.setup();
    routes['POST /api/profile/upload-image'] = () =>
      json(415, { message: 'Only JPEG, PNG or WebP images', code: 'UNSUPPORTED_MEDIA_TYPE' });
    await renderPage();
    await user.upload(fileInput(), new File(['fake'], 'fake.png', { type: 'image/png' }));
    await user.click(within(imageCard()).getByRole('button', { name: 'Upload' }));
    expect(await within(imageCard()).findByText(/file type is not supported/)).toBeInTheDocument();
    expect(sessionStore.get().user?.profileImage).toBeNull();
  });
});

describe('password change', () => {
  async function fillPassword(current: string, next: string, repeat = next) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Repeat new password'), repeat);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('changes the password and keeps the session with the fresh token', async () => {
    routes['PUT /api/auth/password'] = () => json(200, { token: 'fresh-token', user: baseUser });
    await renderPage();
    await fillPassword('old-secret-1', 'new-secret-22');
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(bodyOf('PUT /api/auth/password')).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'new-secret-22',
    });
    expect(getStoredToken()).toBe('fresh-token');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('reports "Failed to change password" and marks a wrong current password', async () => {
    routes['PUT /api/auth/password'] = () =>
      json(400, {
        message: 'The current password is not correct.',
        code: 'VALIDATION_FAILED',
        details: { fields: { currentPassword: ['The current password is not correct.'] } },
      });
    await renderPage();
    await fillPassword('wrong-one', 'new-secret-22');
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    expect(screen.getByText('The current password is not correct')).toBeInTheDocument();
    expect(getStoredToken()).toBe('old-token');
  });

  it('checks length and repetition before calling the server', async () => {
    await renderPage();
    await fillPassword('old-secret-1', 'short', 'short');
    expect(await screen.findByText('The password must have at least 8 characters')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'PUT /api/auth/password')).toBe(false);
  });
});
