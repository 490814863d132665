import { createStore, useStore } from '@/client/lib/store';

/** Chromium's install offer (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

const offer = createStore<BeforeInstallPromptEvent | null>(null);
const setDeferred = (next: BeforeInstallPromptEvent | null) => offer.set(next);

function onBeforeInstallPrompt(event: Event) {
  // Keep the browser's mini-bar away; the app offers its own Install button instead.
  event.preventDefault();
  setDeferred(event as BeforeInstallPromptEvent);
}

function onAppInstalled() {
  setDeferred(null);
}

/**
 * Starts listening for the browser's install offer. Called at module load (the event can fire before
 * React renders); calling it again is harmless.
 */
export function listenForInstallPrompt(target: Window = window): () => void {
  target.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  target.addEventListener('appinstalled', onAppInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    target.removeEventListener('appinstalled', onAppInstalled);
  };
}

if (typeof window !== 'undefined') listenForInstallPrompt();

/** Shows the browser's install dialog; the offer can be used once. Resolves with the outcome. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = offer.get();
  if (!event) return 'unavailable';
  setDeferred(null);
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

/** True while the browser offers to install the app. */
export function useCanInstall(): boolean {
  return useStore(offer) !== null;
}
