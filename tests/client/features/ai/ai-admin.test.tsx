import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_DEFAULT_CONFIG, type AiConfig } from '@/domain/ai';
import { setStoredToken } from '@/client/api/client';
import { AiAdminSection } from '@/client/features/ai/ai-admin-section';
import { sessionStore } from '@/client/lib/session/session-store';
import { makeUser, renderWithProviders, useEnglish } from '../../support/render';

/*
 * Settings → AI against a fake of the admin API that holds a real API key: the key never reaches the
 * page, the PUT carries it only when replaced or removed; models, health, statistics and the three test
 * tools show what the server answers, and its failures as clear messages.
 */

const SECRET = 'sk-live-never-shown-1234';

let config: AiConfig & { apiKey: string | null };
let puts: Array<Record<string, unknown>>;
let posts: Array<{ path: string; body: unknown }>;
let failures: Record<string, { status: number; body: unknown }>;

function view(): AiConfig {
  const { apiKey, ...rest } = config;
  return { ...rest, apiKeyConfigured: !!apiKey };
}

function installServer() {
  config = {
    ...AI_DEFAULT_CONFIG,
    baseUrl: 'http://127.0.0.1:11434/v1',
    apiKey: SECRET,
    chatModel: 'fleet-chat',
    translatorModel: '',
    enabled: true,
  };
  puts = [];
  posts = [];
  failures = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const body =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      const reply = (status: number, data: unknown) =>
        new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
      const failure = failures[path.split('?')[0]!];
      if (failure) return reply(failure.status, failure.body);
      if (path === '/ai/admin/config' && method === 'GET') return reply(200, { ai: view() });
      if (path === '/ai/admin/config' && method === 'PUT') {
        const update = (body as { ai: Record<string, unknown> }).ai;
        puts.push(update);
        config = { ...config, ...update } as typeof config;
        return reply(200, { ai: view() });
      }
      if (path === '/ai/admin/models' || path === '/ai/admin/translator-models')
        return reply(200, {
          models: ['fleet-chat', 'fleet-translate'].map((id) => ({
            id,
            ownedBy: null,
            configured: id === config.chatModel,
          })),
          configured: config.chatModel,
        });
      if (path === '/ai/admin/health')
        return reply(200, {
          reachable: true,
          latencyMs: 42,
          modelsPresent: { chat: true, translator: false },
        });
      if (path.startsWith('/ai/admin/stats'))
        return reply(200, {
          from: '2026-10-26',
          to: '2026-11-24',
          items: [
            {
              day: '2026-11-23',
              helper: 'summarize',
              calls: 3,
              errors: 1,
              promptTokens: 300,
              completionTokens: 60,
              avgLatencyMs: 100,
              p95LatencyMs: 180,
            },
            {
              day: '2026-11-24',
              helper: 'summarize',
              calls: 1,
              errors: 0,
              promptTokens: 100,
              completionTokens: 20,
              avgLatencyMs: 200,
              p95LatencyMs: 200,
            },
          ],
        });
      posts.push({ path, body });
      if (path === '/ai/admin/chat') return reply(200, { reply: 'Hello from the model.' });
      if (path === '/ai/admin/data-chat')
        return reply(200, { answer: 'Two excavators are due.', used: { excavators: 2 } });
      if (path === '/ai/admin/translation-test')
        return reply(200, {
          results: {
            en: { result: 'Hose replaced.' },
            de: { result: 'Schlauch ersetzt.' },
            bg: { result: 'Маркучът е сменен.' },
            gr: { error: { code: 'AI_TIMEOUT', message: 'timed out' } },
          },
        });
      return reply(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
}

async function renderSection(role = 'admin') {
  await useEnglish();
  setStoredToken('test-token');
  sessionStore.set({ status: 'signed-in', user: makeUser(role) });
  const onDirtyChange = vi.fn();
  renderWithProviders(<AiAdminSection onDirtyChange={onDirtyChange} />, { notifications: true });
  return { onDirtyChange };
}

async function loaded() {
  return screen.findByLabelText('Base URL');
}

beforeEach(() => {
  localStorage.clear();
  installServer();
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings → AI', { timeout: 60_000 }, () => {
  it('shows the configuration, health and usage, and never the API key', async () => {
    await renderSection();
    expect(await loaded()).toHaveValue('http://127.0.0.1:11434/v1');
    expect(screen.getByLabelText('Chat model', { selector: 'input' })).toHaveValue('fleet-chat');
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(screen.getByText(/A key is stored/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Offer the AI helpers/ })).toBeChecked();

    const health = await screen.findByTestId('ai-health');
    expect(within(health).getByText('42 ms')).toBeInTheDocument();
    expect(within(health).getByText('Yes')).toBeInTheDocument();
    expect(within(health).getByText('Missing')).toBeInTheDocument();

    const stats = await screen.findByTestId('ai-stats');
    const row = within(stats).getByRole('row', { name: /Summarise/ });
    // 4 calls, 1 error, tokens summed, latency weighted by calls: (3×100 + 1×200) / 4 = 125.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Summarise', '4', '1', '400 / 80', '125 ms', '200 ms']);
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('sends the API key only when it is replaced or removed', async () => {
    const user = userEvent.setup();
    const { onDirtyChange } = await renderSection();
    const temperature = await screen.findByLabelText('Temperature');
    await user.clear(temperature);
    await user.type(temperature, '0.7');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ temperature: 0.7, chatModel: 'fleet-chat', timeoutMs: 60_000 });
    expect(puts[0]).not.toHaveProperty('apiKey');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));

    await user.type(screen.getByLabelText('API key'), 'sk-new-key');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.apiKey).toBe('sk-new-key');
    await waitFor(() => expect(screen.getByLabelText('API key')).toHaveValue(''));

    await user.click(screen.getByRole('button', { name: 'Remove stored key' }));
    expect(screen.getByText('The stored key will be removed when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]!.apiKey).toBeNull();
    expect(await screen.findByText(/No key stored/)).toBeInTheDocument();
  });

  it('refuses to switch the helpers on without a chat model', async () => {
    const user = userEvent.setup();
    await renderSection();
    const model = await screen.findByLabelText('Chat model', { selector: 'input' });
    await user.clear(model);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(screen.getByText(/Enter a model name/)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('runs a chat and shows a timeout as a clear message', async () => {
    const user = userEvent.setup();
    await renderSection();
    await loaded();
    await user.type(screen.getByLabelText('Message'), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('ai-chat-reply')).toHaveTextContent('Hello from the model.');
    expect(posts).toEqual([{ path: '/ai/admin/chat', body: { message: 'Hello?' } }]);

    failures['/ai/admin/chat'] = {
      status: 504,
      body: { code: 'AI_TIMEOUT', message: 'No answer within 5000 ms' },
    };
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await within(screen.getByRole('tabpanel')).findByRole('alert');
    expect(alert).toHaveTextContent('did not answer in time');
    expect(alert).toHaveTextContent('No answer within 5000 ms');
  });

  it('asks a data question with the chosen collections and limit', async () => {
    const user = userEvent.setup();
    await renderSection();
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Data chat' }));
    await user.type(screen.getByLabelText('Question about the fleet'), 'What is due?');
    await user.click(screen.getByRole('checkbox', { name: 'Inventory' }));
    const limit = screen.getByLabelText('Records at most');
    await user.clear(limit);
    await user.type(limit, '5');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByTestId('ai-data-chat-answer')).toHaveTextContent('Two excavators are due.');
    expect(screen.getByText('Records quoted: Excavators: 2')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        path: '/ai/admin/data-chat',
        body: { query: 'What is due?', collections: ['excavators', 'inventory'], limit: 5 },
      },
    ]);
  });

  it('translates into all four languages side by side, with a failed one marked', async () => {
    const user = userEvent.setup();
    await renderSection();
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Translation test' }));
    await user.type(screen.getByLabelText('Text'), 'Schlauch ersetzt');
    await user.click(screen.getByRole('button', { name: 'Translate into all languages' }));
    expect(await screen.findByRole('region', { name: 'Bulgarian' })).toHaveTextContent('Маркучът е сменен.');
    expect(screen.getByRole('region', { name: 'English' })).toHaveTextContent('Hose replaced.');
    expect(screen.getByRole('region', { name: 'Greek' })).toHaveTextContent('did not answer in time');
  });

  it('says when the configuration cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    failures['/ai/admin/config'] = { status: 503, body: { code: 'AI_UNREACHABLE', message: 'down' } };
    await renderSection();
    expect(await screen.findByText('Could not load the AI configuration')).toBeInTheDocument();
    delete failures['/ai/admin/config'];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await loaded()).toBeInTheDocument();
  });

  it('shows other roles only a note, without asking the admin API', async () => {
    await renderSection('manager');
    expect(screen.getByText('Only administrators can configure the AI helpers.')).toBeInTheDocument();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
