import { Badge, Loader } from '@mantine/core';
import { IconCircleCheck, IconCircleDot, IconClockHour4, IconPencil } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveQueueStore, useSaveQueue } from '../save-queue';

/** How long "Saved" shows before it settles into "All changes saved". */
export const SAVED_NOTICE_MS = 3000;

export type SaveStatusState = 'unsaved' | 'pending' | 'saving' | 'saved' | 'all-saved';

/**
 * The editing states: unsaved (input not saved yet), changes pending (saves waiting
 * behind the one in flight), saving, saved (just now), all saved.
 */
export function useSaveStatus(dirty: boolean): SaveStatusState {
  const { waiting, saving, savedAt } = useSaveQueue();
  // A save that finished before the page opened is long settled.
  const [settled, setSettled] = useState<number | null>(() => saveQueueStore.get().savedAt);
  useEffect(() => {
    if (savedAt === null) return undefined;
    const timer = setTimeout(() => setSettled(savedAt), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);
  if (waiting > 0) return 'pending';
  if (saving) return 'saving';
  if (dirty) return 'unsaved';
  if (savedAt !== null && settled !== savedAt) return 'saved';
  return 'all-saved';
}

const LOOK: Record<SaveStatusState, { color: string; icon: ReactNode; label: string }> = {
  unsaved: { color: 'orange', icon: <IconPencil size={14} />, label: 'settings.status.unsaved' },
  pending: { color: 'yellow', icon: <IconClockHour4 size={14} />, label: 'settings.status.pending' },
  saving: { color: 'blue', icon: <Loader size={12} color="blue" />, label: 'settings.status.saving' },
  saved: { color: 'green', icon: <IconCircleCheck size={14} />, label: 'settings.status.saved' },
  'all-saved': { color: 'gray', icon: <IconCircleDot size={14} />, label: 'settings.status.allSaved' },
};

export function SaveStatus({ state }: { state: SaveStatusState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <Badge
      role="status"
      aria-live="polite"
      data-testid="settings-save-status"
      data-state={state}
      size="lg"
      variant="light"
      color={look.color}
      leftSection={look.icon}
      tt="none"
    >
      {t(look.label)}
    </Badge>
  );
}
