import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECKLIST, type ChecklistConfig } from '@/domain/checklist';
import { ChecklistSection } from '@/client/features/reports/checklist-editor/checklist-section';
import { META_KEYS } from '@/client/offline';
import { createHarness, type Harness } from '../../offline/harness';
import { renderWithEngine, resetClientState, useEnglish } from '../../support/render';

const small: ChecklistConfig = {
  categories: [
    {
      key: 'exterior',
      label: { en: 'Exterior', de: 'Außen', bg: 'Външен оглед', gr: 'Εξωτερικό' },
      items: [
        { key: 'tracks', label: { en: 'Tracks', de: 'Ketten', bg: 'Вериги', gr: 'Ερπύστριες' } },
        { key: 'bucket', label: { en: 'Bucket', de: 'Löffel', bg: 'Кофа', gr: 'Κάδος' } },
      ],
    },
  ],
};

let h: Harness;
let puts: unknown[];
beforeEach(async () => {
  resetClientState();
  await useEnglish();
  h = createHarness();
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url !== '/api/checklist-config') return new Response('{}', { status: 404 });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as unknown;
        puts.push(body);
        return Response.json(body);
      }
      return Response.json(small);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await h.dispose();
});

function renderEditor(readOnly = false) {
  const onDirtyChange = vi.fn();
  renderWithEngine(h, <ChecklistSection readOnly={readOnly} onDirtyChange={onDirtyChange} />);
  return { onDirtyChange };
}

const save = () => screen.getByRole('button', { name: 'Save checklist' });

describe('Settings → Checklists', () => {
  it('adds an item whose key follows its label, reorders and saves', async () => {
    const { onDirtyChange } = renderEditor();
    const category = await screen.findByTestId('checklist-category');
    expect(save()).toBeDisabled();

    await userEvent.click(within(category).getByRole('button', { name: 'Add item' }));
    const labels = within(category).getAllByRole('textbox', { name: 'Item label (English)' });
    await userEvent.type(labels[2]!, 'Hydraulic lines');
    const keys = within(category).getAllByRole('textbox', { name: 'Item key' });
    expect(keys[2]).toHaveValue('hydraulicLines');
    await userEvent.click(within(category).getByRole('button', { name: 'Move Bucket up' }));
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);

    await userEvent.click(save());
    await waitFor(() => expect(puts).toHaveLength(1));
    const sent = puts[0] as ChecklistConfig;
    expect(sent.categories[0]!.items.map((i) => i.key)).toEqual(['bucket', 'tracks', 'hydraulicLines']);
    expect(sent.categories[0]!.items[2]!.label).toEqual({ en: 'Hydraulic lines', de: '', bg: '', gr: '' });
    expect(await screen.findByText('Checklist saved')).toBeInTheDocument();
    expect((await h.db.meta.get(META_KEYS.checklistConfig))?.value).toEqual(sent);
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
  });

  it('refuses duplicate and empty keys', async () => {
    renderEditor();
    const category = await screen.findByTestId('checklist-category');
    const keys = within(category).getAllByRole('textbox', { name: 'Item key' });
    await userEvent.clear(keys[1]!);
    await userEvent.type(keys[1]!, 'tracks');
    expect(await screen.findByRole('alert')).toHaveTextContent('Fix duplicate/empty keys before saving');
    expect(save()).toBeDisabled();

    await userEvent.clear(keys[1]!);
    expect(screen.getByRole('alert')).toHaveTextContent('Fix duplicate/empty keys before saving');
    await userEvent.type(keys[1]!, 'bucket2');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(save()).toBeEnabled();
  });

  it('edits labels per language, renames and removes categories', async () => {
    renderEditor();
    await screen.findByTestId('checklist-category');
    await userEvent.click(screen.getByRole('radio', { name: 'DE' }));
    const label = screen.getByRole('textbox', { name: 'Category label (Deutsch)' });
    expect(label).toHaveValue('Außen');
    await userEvent.clear(label);
    await userEvent.type(label, 'Rundgang');

    await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getAllByTestId('checklist-category')).toHaveLength(2);
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Category label (Deutsch)' })[1]!, 'Motor');
    expect(screen.getAllByRole('textbox', { name: 'Category key' })[1]).toHaveValue('motor');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Motor' }));
    expect(screen.getAllByTestId('checklist-category')).toHaveLength(1);

    await userEvent.click(save());
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0] as ChecklistConfig).categories[0]!.label.de).toBe('Rundgang');
  });

  it('shows the checklist without controls to read-only users', async () => {
    renderEditor(true);
    await screen.findByTestId('checklist-category');
    expect(screen.queryByRole('button', { name: 'Add category' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save checklist' })).toBeNull();
    expect(screen.getAllByRole('textbox', { name: 'Item key' })[0]).toHaveAttribute('readonly');
  });

  it('saves the rule for complete checklists, shows it and keeps it for the next start', async () => {
    const settingsPuts: unknown[] = [];
    const checklistFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) !== '/api/settings' || init?.method !== 'PUT') return checklistFetch(input, init);
        const body = JSON.parse(String(init.body)) as { reports: { requireAllChecklistItems: boolean } };
        settingsPuts.push(body);
        return Response.json({ reports: body.reports });
      }),
    );
    renderEditor();
    await screen.findByText('Require every checklist item');
    const rule = screen
      .getByTestId('checklist-editor')
      .querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(rule).not.toBeChecked();
    await userEvent.setup().click(rule);
    await waitFor(() => expect(rule).toBeChecked());
    expect(settingsPuts).toEqual([{ reports: { requireAllChecklistItems: true } }]);
    const cached = JSON.parse(localStorage.getItem('fleetpilot:settings') ?? '{}') as {
      reports?: { requireAllChecklistItems?: boolean };
    };
    expect(cached.reports?.requireAllChecklistItems).toBe(true);
  });

  it('the default configuration holds the spec groups', () => {
    expect(DEFAULT_CHECKLIST.categories.map((c) => c.key)).toEqual([
      'exterior',
      'interior',
      'engine',
      'cleaning',
    ]);
  });
});
