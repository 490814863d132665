import { useEffect, useSyncExternalStore } from 'react';
import { aiStatusSchema, type AiStatus } from '@/domain/ai';
import { apiFetch, ApiError } from '@/client/api/client';

/**
 * Whether the AI helpers can be offered (GET /api/ai/status), shared by every helper button on a page
 * so that a form with several text fields asks once. Refreshed when older than STALE_MS, when the
 * browser comes back online, after an admin saves the AI configuration (`invalidateAiStatus`), and
 * corrected by what the helper endpoints answer (`noteAiErrorCode`).
 */
export type AiStatusState =
  | { kind: 'unknown' }
  | { kind: 'known'; status: AiStatus }
  /** The status could not be read (network, server error): the buttons stay usable, the call tells. */
  | { kind: 'failed'; code: string };

const STALE_MS = 60_000;

let state: AiStatusState = { kind: 'unknown' };
let fetchedAt = 0;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: AiStatusState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): AiStatusState {
  return state;
}

/** Reads the status unless a fresh one is known or a read is under way. */
export function refreshAiStatus(force = false): Promise<void> {
  if (inFlight) return inFlight;
  if (!force && state.kind === 'known' && Date.now() - fetchedAt < STALE_MS) return Promise.resolve();
  inFlight = apiFetch<unknown>('/ai/status')
    .then((data) => {
      fetchedAt = Date.now();
      setState({ kind: 'known', status: aiStatusSchema.parse(data) });
    })
    .catch((error: unknown) => {
      fetchedAt = 0;
      setState({ kind: 'failed', code: error instanceof ApiError ? error.code : 'UNKNOWN' });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Forget what is known (after the AI configuration changed, and between tests). */
export function invalidateAiStatus(): void {
  fetchedAt = 0;
  inFlight = null;
  setState({ kind: 'unknown' });
}

/** A helper call answered AI_NOT_CONFIGURED or AI_DISABLED: every button shows it at once. */
export function noteAiErrorCode(code: string): void {
  if (code === 'AI_NOT_CONFIGURED')
    setState({ kind: 'known', status: { available: false, reason: 'not-configured' } });
  else if (code === 'AI_DISABLED')
    setState({ kind: 'known', status: { available: false, reason: 'disabled' } });
  else return;
  fetchedAt = Date.now();
}

/** The shared status; reads it when `active` (signed in, online, flag on) and it is not fresh. */
export function useAiStatus(active: boolean): AiStatusState {
  const current = useSyncExternalStore(subscribe, getState, getState);
  useEffect(() => {
    if (active) void refreshAiStatus();
  }, [active]);
  return current;
}
