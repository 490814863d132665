import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/client/i18n';
import { getSyncEngine } from '@/client/offline';
import { makeUser, renderApp, resetClientState } from '../../support/render';
import { excavatorRow, mirrorExcavators, stubOfflineFetch } from '../../support/excavators';

vi.setConfig({ testTimeout: 90_000 });

type User = ReturnType<typeof userEvent.setup>;

/** Pastes a value into a field (one input event: typing key by key is slow on a busy machine). */
async function fill(user: User, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

const MANAGER = makeUser('manager', { id: 'u-manager' });
const EXISTING = excavatorRow('Bagger Nord', {
  serialNumber: 'LH920-0001',
  gallery: ['excavators/nord/g1.jpg', 'excavators/nord/g2.jpg'],
  specifications: [{ key: 'Weight', value: '21 t' }],
});

beforeEach(async () => {
  resetClientState();
  stubOfflineFetch();
  await mirrorExcavators([EXISTING]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Excavator form', () => {
  it('validates with the shared schema, per field, before anything is stored', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/excavators?edit=new', user: MANAGER });
    const form = await screen.findByRole('dialog', { name: 'Add excavator' });
    expect(within(form).getByRole('group', { name: 'Identity' })).toBeVisible();
    expect(within(form).getByRole('group', { name: 'Operational and service data' })).toBeVisible();
    expect(within(form).getByRole('group', { name: 'Media' })).toBeVisible();
    expect(within(form).getByRole('group', { name: 'Description' })).toBeVisible();

    await fill(user, within(form).getByRole('textbox', { name: /Serial number/ }), 'lh920-0001');
    await user.click(within(form).getByRole('button', { name: 'Add specification' }));
    await user.click(within(form).getByRole('button', { name: 'Add specification' }));
    const rows = within(form).getAllByTestId('specification-row');
    await fill(user, within(rows[0]!).getByRole('textbox', { name: 'Specification' }), 'Weight');
    await fill(user, within(rows[1]!).getByRole('textbox', { name: 'Specification' }), 'weight');
    await user.click(within(form).getByRole('button', { name: 'Add excavator' }));

    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Model is required')).toBeVisible();
    expect(within(form).getByText('Another excavator already has this serial number.')).toBeVisible();
    expect(within(form).getByText('Specifications must be unique')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Remove specification 2' }));
    expect(within(form).getAllByTestId('specification-row')).toHaveLength(1);
    expect(await getSyncEngine().db.outbox.count()).toBe(0);
  });

  it("says a rule's message in the user's language (German: a name that is too long)", async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/excavators?edit=new', user: MANAGER });
    await i18n.changeLanguage('de');
    const form = await screen.findByRole('dialog', { name: 'Bagger hinzufügen' });
    await fill(user, within(form).getByRole('textbox', { name: /^Name/ }), 'N'.repeat(121));
    await user.click(within(form).getByRole('button', { name: 'Bagger hinzufügen' }));

    expect(await within(form).findByText('Name darf höchstens 120 Zeichen lang sein')).toBeVisible();
    expect(within(form).getByText('Modell ist erforderlich')).toBeVisible();
    expect(await getSyncEngine().db.outbox.count()).toBe(0);
  });

  it('creates a machine on the device with its photo queued, shown as waiting to sync', async () => {
    const user = userEvent.setup();
    const app = await renderApp({ path: '/excavators?edit=new', user: MANAGER });
    const form = await screen.findByRole('dialog', { name: 'Add excavator' });
    await fill(user, within(form).getByRole('textbox', { name: /^Name/ }), 'Mobilbagger 7');
    await fill(user, within(form).getByRole('textbox', { name: /^Model/ }), 'Liebherr A 918');
    await fill(user, within(form).getByRole('textbox', { name: /Serial number/ }), 'A918-7788');
    await fill(user, within(form).getByRole('textbox', { name: 'Usage hours' }), '2350');
    await fill(user, within(form).getByRole('textbox', { name: 'Location' }), 'Kiel Nordhafen');
    await user.click(within(form).getByRole('button', { name: 'Add specification' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Specification' }), 'Operating weight');
    await fill(user, within(form).getByRole('textbox', { name: 'Value' }), '19 t');
    const photo = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'front.png', { type: 'image/png' });
    const profileInput = form.querySelector<HTMLInputElement>('input[type="file"]:not([multiple])')!;
    fireEvent.change(profileInput, { target: { files: [photo] } });
    await user.click(within(form).getByRole('button', { name: 'Add excavator' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add excavator' })).toBeNull());
    const { db } = getSyncEngine();
    const created = (await db.excavators.toArray()).find((r) => r.name === 'Mobilbagger 7')!;
    expect(created).toMatchObject({
      model: 'Liebherr A 918',
      serialNumber: 'A918-7788',
      usageHours: 2350,
      location: 'Kiel Nordhafen',
      status: 'operational',
      specifications: [{ key: 'Operating weight', value: '19 t' }],
      _sync: 'pending',
      version: 0,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'create',
      method: 'POST',
      url: '/api/excavators',
      recordId: created.id,
    });
    expect(entry!.body.type).toBe('multipart');
    const files = await db.files.where('recordId').equals(created.id).toArray();
    expect(files).toHaveLength(1);
    expect(entry!.body.type === 'multipart' && entry!.body.files).toEqual([
      { field: 'profileImage', fileId: files[0]!.id },
    ]);

    // The list shows it at once, marked as waiting; the quick view opened on it.
    expect(
      await within(await screen.findByTestId('excavator-quick-view')).findByText('Waiting to sync'),
    ).toBeVisible();
    expect(app.router.state.location.search).toEqual({ view: created.id });
  });

  it('edits a machine: changed fields and gallery removals are queued as one update', async () => {
    const user = userEvent.setup();
    await renderApp({ path: `/excavators?edit=${EXISTING.id}`, user: MANAGER });
    const form = await screen.findByRole('dialog', { name: 'Edit Bagger Nord' });
    const location = within(form).getByRole('textbox', { name: 'Location' });
    await user.clear(location);
    await fill(user, location, 'Lübeck Skandinavienkai');
    await user.click(within(form).getByRole('button', { name: 'Mark Photo 2 for removal' }));
    expect(within(form).getByText('Will be removed')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Bagger Nord' })).toBeNull());

    const { db } = getSyncEngine();
    expect(await db.excavators.get(EXISTING.id)).toMatchObject({
      location: 'Lübeck Skandinavienkai',
      _sync: 'pending',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'update', method: 'PATCH', baseVersion: 1 });
    expect(entry!.body.type === 'multipart' && entry!.body.data).toMatchObject({
      location: 'Lübeck Skandinavienkai',
      removeGallery: ['excavators/nord/g2.jpg'],
    });
  });

  it('deletes a machine only after confirmation', async () => {
    const user = userEvent.setup();
    await renderApp({ path: `/excavators?view=${EXISTING.id}`, user: MANAGER });
    const view = await screen.findByTestId('excavator-quick-view');
    await user.click(within(view).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete excavator?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await getSyncEngine().db.excavators.get(EXISTING.id)).toBeDefined();
    await user.click(within(view).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete excavator?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(async () => expect(await getSyncEngine().db.excavators.get(EXISTING.id)).toBeUndefined());
    expect((await getSyncEngine().db.outbox.toArray()).map((e) => e.kind)).toEqual(['delete']);
  });
});
