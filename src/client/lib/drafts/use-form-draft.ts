import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useOptionalSyncEngine } from '@/client/offline/engine-context';
import {
  clearDraft,
  createDraftWriter,
  readDraft,
  saveDraft,
  type DraftTarget,
} from '@/client/offline/drafts';
import type { DraftForm, DraftRow } from '@/client/offline/types';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { useSession } from '@/client/lib/session/session-store';

/** How long typing may pause before the draft is written. */
export const DRAFT_DELAY_MS = 500;

export interface FormDraftOptions<T> {
  form: DraftForm;
  /** null: a record not created yet. */
  recordId: string | null;
  /** The input to keep, read when a write is due (may include what lives outside the form state). */
  read: () => T;
  /** Changes whenever the input changes (the form's values): schedules a write. */
  watch: unknown;
  /**
   * Input kept outside the form's state (a store that changes without re-rendering the form): each
   * change it reports schedules a write, as a change of `watch` does.
   */
  subscribe?: (onChange: () => void) => () => void;
  /** The form holds input that differs from what it opened with. */
  dirty: boolean;
  /** Files or photos picked in the form: not kept in the draft, and the notice says so. */
  files?: number;
  /** Puts a draft's values back into the form. */
  apply: (values: T) => void;
}

/**
 * 'loading': looking for a stored draft; 'offered': one was found and waits for restore or discard;
 * 'editing': input is kept as it changes; 'saving': a save is under way (leaving does not ask);
 * 'closed': saved or discarded on leaving, nothing more is written.
 */
export type DraftPhase = 'loading' | 'offered' | 'editing' | 'saving' | 'closed';

export interface FormDraft {
  phase: DraftPhase;
  /** The stored draft offered when the form opened. */
  offer: DraftRow | null;
  restore(): void;
  discard(): Promise<void>;
  /**
   * Runs the form's save. While it runs leaving does not ask (the save itself navigates away); when it
   * succeeds the draft is removed, when it throws the form goes on keeping its input.
   */
  commit<R>(save: () => Promise<R>): Promise<R>;
  /** Leaving now would lose input that is not saved. */
  unsaved: boolean;
  /** Read at navigation time (the blocker runs outside React's render). */
  shouldAsk(): boolean;
  /** Writes the newest input at once (leaving, keeping the draft). */
  flush(): Promise<void>;
  /** Removes the draft and stops keeping input (leaving, discarding). */
  abandon(): Promise<void>;
}

/**
 * Keeps a form's unsaved input on the device as a draft: written ~500 ms after typing pauses and at
 * once when the page is hidden or left, offered back when the form opens again. One hook for every
 * form that keeps drafts; `DraftNotice` shows the offer and asks before leaving.
 */
export function useFormDraft<T>(options: FormDraftOptions<T>): FormDraft {
  const engine = useOptionalSyncEngine();
  const userId = useSession().user?.id ?? null;
  const db = engine?.db ?? null;
  const target = useMemo<DraftTarget | null>(
    () => (userId ? { userId, form: options.form, recordId: options.recordId } : null),
    [userId, options.form, options.recordId],
  );
  const [phase, setPhaseState] = useState<DraftPhase>(db && target ? 'loading' : 'editing');
  const phaseRef = useRef(phase);
  const setPhase = useCallback((next: DraftPhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);
  const [offer, setOffer] = useState<DraftRow | null>(null);
  const writer = useMemo(() => createDraftWriter(DRAFT_DELAY_MS), []);
  // The newest options for writes and the navigation blocker, which run outside render.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // Whether this form wrote a draft: only then does typing back to the start remove it.
  const wrote = useRef(false);

  // Look for a draft once per form and record.
  useEffect(() => {
    if (!db || !target) return undefined;
    let live = true;
    readDraft(db, target)
      .then((row) => {
        if (!live) return;
        setOffer(row);
        setPhase(row ? 'offered' : 'editing');
      })
      .catch((error: unknown) => {
        console.warn('Drafts unavailable', error);
        if (live) setPhase('editing');
      });
    return () => {
      live = false;
    };
  }, [db, target, setPhase]);

  const write = useCallback(async () => {
    if (!db || !target || phaseRef.current !== 'editing') return;
    const current = latest.current;
    if (current.dirty) {
      await saveDraft(db, target, current.read(), { files: current.files ?? 0 });
      wrote.current = true;
    } else if (wrote.current) {
      await clearDraft(db, target);
      wrote.current = false;
    }
  }, [db, target]);

  // Every change of the input schedules a write; the writer keeps only the newest.
  useEffect(() => {
    if (phase !== 'editing') return;
    if (!options.dirty && !wrote.current) return;
    writer.schedule(write);
  }, [phase, options.watch, options.dirty, options.files, writer, write]);

  // The same for input outside the form's state. Its first change makes the form dirty in the render it
  // sets off (the write is then scheduled by the effect above); later ones are scheduled here.
  const subscribe = options.subscribe;
  useEffect(() => {
    if (!subscribe || phase !== 'editing') return undefined;
    return subscribe(() => {
      if (latest.current.dirty || wrote.current) writer.schedule(write);
    });
  }, [subscribe, phase, writer, write]);

  // A tab that is hidden may be killed without another word: write now.
  useEffect(() => {
    const flushNow = () => {
      if (phaseRef.current !== 'editing') return;
      writer.schedule(write);
      void writer.flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    window.addEventListener('pagehide', flushNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushNow);
      document.removeEventListener('visibilitychange', onVisibility);
      // The form closes (left in the app): what was typed stays as the draft.
      flushNow();
    };
  }, [writer, write]);

  const restore = useCallback(() => {
    if (!offer) return;
    latest.current.apply(offer.values as T);
    setOffer(null);
    wrote.current = true;
    setPhase('editing');
  }, [offer, setPhase]);

  const discard = useCallback(async () => {
    setOffer(null);
    setPhase('editing');
    if (db && target) await clearDraft(db, target);
  }, [db, target, setPhase]);

  const commit = useCallback(
    async <R>(save: () => Promise<R>): Promise<R> => {
      const before = phaseRef.current;
      setPhase('saving');
      await writer.cancel();
      try {
        const result = await save();
        phaseRef.current = 'closed';
        if (db && target) await clearDraft(db, target).catch(() => undefined);
        wrote.current = false;
        setPhase('closed');
        return result;
      } catch (error) {
        setPhase(before === 'offered' ? 'offered' : 'editing');
        throw error;
      }
    },
    [db, target, writer, setPhase],
  );

  const flush = useCallback(async () => {
    if (phaseRef.current !== 'editing') return;
    writer.schedule(write);
    await writer.flush();
  }, [writer, write]);

  const abandon = useCallback(async () => {
    setPhase('closed');
    await writer.cancel();
    wrote.current = false;
    if (db && target) await clearDraft(db, target);
  }, [db, target, writer, setPhase]);

  const unsaved = options.dirty && (phase === 'editing' || phase === 'offered');
  useUnsavedChanges(unsaved);
  const shouldAsk = useCallback(
    () => latest.current.dirty && (phaseRef.current === 'editing' || phaseRef.current === 'offered'),
    [],
  );

  // One object while nothing in it changes: the notice and the leave guard skip a form's re-render.
  return useMemo(
    () => ({ phase, offer, restore, discard, commit, unsaved, shouldAsk, flush, abandon }),
    [phase, offer, restore, discard, commit, unsaved, shouldAsk, flush, abandon],
  );
}
