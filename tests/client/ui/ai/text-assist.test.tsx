import { Textarea } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverReachableStore } from '@/client/offline/connectivity';
import { invalidateAiStatus } from '@/client/ui/ai/ai-status';
import { AiTextAssist } from '@/client/ui/ai/text-assist';
import { makeSettings, makeUser, renderWithProviders, signIn, useEnglish } from '../../support/render';

/*
 * The AI menu next to free-text fields against a fake of the helper API: the request carries the text,
 * the UI language, the tone or target language; the answer is only a preview until accepted; the
 * button says why it is disabled.
 */

interface Call {
  path: string;
  body: Record<string, unknown> | undefined;
}
let calls: Call[];
let status: { available: boolean; reason: string | null };
let answer: { status: number; body: unknown };

function installServer() {
  calls = [];
  status = { available: true, reason: null };
  answer = { status: 200, body: { result: 'Short summary.' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api/, '');
      const body =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ path, body });
      const reply = (code: number, data: unknown) =>
        new Response(JSON.stringify(data), { status: code, headers: { 'Content-Type': 'application/json' } });
      if (path === '/ai/status') return reply(200, status);
      if (path.startsWith('/ai/')) return reply(answer.status, answer.body);
      return reply(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
}

function Field({ initial = 'Hydraulic hose on boom replaced.' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Textarea label="Notes" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <AiTextAssist value={value} onAccept={setValue} />
    </>
  );
}

async function renderField(role = 'operator', features: Record<string, boolean> = {}, initial?: string) {
  await useEnglish();
  signIn(makeUser(role), makeSettings(features), { token: true });
  renderWithProviders(<Field initial={initial} />);
}

const button = () => screen.getByRole('button', { name: 'AI assistant' });
const notes = () => screen.getByLabelText<HTMLTextAreaElement>('Notes');

async function waitUntilReady() {
  await waitFor(() => expect(button()).not.toHaveAttribute('aria-disabled', 'true'));
}

beforeEach(() => {
  localStorage.clear();
  invalidateAiStatus();
  serverReachableStore.set(true);
  installServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  serverReachableStore.set(true);
});

describe('AiTextAssist', () => {
  it('summarises in the UI language and changes the field only when the suggestion is accepted', async () => {
    const user = userEvent.setup();
    await renderField();
    await waitUntilReady();
    await user.click(button());
    await user.click(await screen.findByRole('menuitem', { name: 'Summarise' }));

    const dialog = await screen.findByRole('dialog', { name: 'AI summary' });
    expect(await within(dialog).findByText('Short summary.')).toBeInTheDocument();
    expect(within(dialog).getByText('Hydraulic hose on boom replaced.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/ai/summarize')?.body).toEqual({
      text: 'Hydraulic hose on boom replaced.',
      language: 'en',
    });
    expect(notes().value).toBe('Hydraulic hose on boom replaced.');

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notes().value).toBe('Short summary.');
  });

  it('keeps the original when the suggestion is discarded', async () => {
    const user = userEvent.setup();
    answer = { status: 200, body: { result: 'Formal text.' } };
    await renderField();
    await waitUntilReady();
    await user.click(button());
    await user.click(await screen.findByRole('menuitem', { name: 'Formal' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI rewrite (Formal)' });
    await within(dialog).findByText('Formal text.');
    expect(calls.find((c) => c.path === '/ai/rewrite')?.body).toEqual({
      text: 'Hydraulic hose on boom replaced.',
      tone: 'formal',
      language: 'en',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notes().value).toBe('Hydraulic hose on boom replaced.');
  });

  it('translates into the chosen language', async () => {
    const user = userEvent.setup();
    answer = { status: 200, body: { result: 'Сменен маркуч.' } };
    await renderField();
    await waitUntilReady();
    await user.click(button());
    await user.click(await screen.findByRole('menuitem', { name: 'Bulgarian' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI translation into Bulgarian' });
    await within(dialog).findByText('Сменен маркуч.');
    expect(calls.find((c) => c.path === '/ai/translate')?.body).toEqual({
      text: 'Hydraulic hose on boom replaced.',
      targetLanguage: 'bg',
    });
  });

  it('shows a clear message when the AI service times out, and can try again', async () => {
    const user = userEvent.setup();
    answer = { status: 504, body: { code: 'AI_TIMEOUT', message: 'timed out after 5000 ms' } };
    await renderField();
    await waitUntilReady();
    await user.click(button());
    await user.click(await screen.findByRole('menuitem', { name: 'Summarise' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('did not answer in time');
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();

    answer = { status: 200, body: { result: 'Second try.' } };
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Second try.')).toBeInTheDocument();
  });

  it('is disabled with the reason when the AI is not configured', async () => {
    status = { available: false, reason: 'not-configured' };
    await renderField();
    await waitFor(() => expect(screen.getByText(/not set up yet/)).toBeInTheDocument());
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    expect(button()).toHaveAccessibleDescription(/Settings → AI/);
  });

  it('is disabled with the reason when an administrator switched the helpers off', async () => {
    status = { available: false, reason: 'disabled' };
    await renderField();
    await waitFor(() => expect(button()).toHaveAccessibleDescription(/switched off by an administrator/));
    const user = userEvent.setup();
    await user.click(button());
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it('turns itself off when a helper call answers AI_DISABLED', async () => {
    const user = userEvent.setup();
    answer = { status: 503, body: { code: 'AI_DISABLED', message: 'off' } };
    await renderField();
    await waitUntilReady();
    await user.click(button());
    await user.click(await screen.findByRole('menuitem', { name: 'Summarise' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('switched off by an administrator');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(button()).toHaveAttribute('aria-disabled', 'true');
  });

  it('is disabled while offline', async () => {
    await renderField();
    await waitUntilReady();
    act(() => serverReachableStore.set(false));
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    expect(button()).toHaveAccessibleDescription('AI helpers are not available offline.');
  });

  it('is disabled when the ai feature flag is off, without asking the server', async () => {
    await renderField('operator', { ai: false });
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    expect(button()).toHaveAccessibleDescription(/switched off in the settings/);
    expect(calls).toHaveLength(0);
  });

  it('is disabled for an empty field', async () => {
    await renderField('operator', {}, '   ');
    await waitFor(() => expect(button()).toHaveAccessibleDescription('Enter some text first.'));
  });

  it('is not offered to roles that cannot edit the text', async () => {
    await renderField('viewer');
    expect(screen.queryByRole('button', { name: 'AI assistant' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
