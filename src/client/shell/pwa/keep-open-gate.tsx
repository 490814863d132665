import { lazy, Suspense, useEffect, useState } from 'react';
import type { OfflineReadiness } from './offline-readiness';

const loadDialog = () => import('./keep-open-prompt');
const KeepOpenDialog = lazy(() => loadDialog().then((module) => ({ default: module.KeepOpenDialog })));

/** Devices whose main pointer is a finger: the tablets (and phones) used in the field. */
const TOUCH_QUERY = '(pointer: coarse)';

/**
 * On a tablet's first session (the app not yet stored on it), asks to keep the app open until it is
 * ready for offline use — closing it early leaves a tablet that shows "site can't be reached" in the
 * field. Shows the progress (`readiness`, the indicator's), then says when it is done. Desktops are not
 * asked.
 */
export function KeepOpenPrompt({ readiness }: { readiness: OfflineReadiness }) {
  const [touch] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(TOUCH_QUERY).matches);
  const [asked, setAsked] = useState(false);
  const [closed, setClosed] = useState(false);
  const preparing = readiness.state === 'preparing' || readiness.state === 'paused';
  // Asked once, the prompt stays to say "done" when the app is stored.
  if (touch && preparing && !asked) setAsked(true);
  // A tablet no service worker serves yet is about to be asked: its dialog's code loads now, while the
  // worker registers, so the dialog shows as soon as storing begins instead of a download later.
  useEffect(() => {
    if (
      touch &&
      typeof navigator !== 'undefined' &&
      navigator.serviceWorker &&
      !navigator.serviceWorker.controller
    )
      void loadDialog().catch(() => undefined);
  }, [touch]);

  if (!asked || closed) return null;
  return (
    <Suspense fallback={null}>
      <KeepOpenDialog readiness={readiness} onClose={() => setClosed(true)} />
    </Suspense>
  );
}
