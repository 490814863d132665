import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/client/i18n/use-format';
import { WRAPPING_BUTTON } from '@/client/ui/wrapping-button';
import type { FormDraft } from '@/client/lib/drafts/use-form-draft';

interface DraftNoticeProps {
  draft: FormDraft;
  /** A form in a dialog: its close asks through `confirm` (see useLeaveConfirm). */
  asking?: { leave: () => void } | null;
  onStay?: () => void;
}

/**
 * The offer of a stored draft (restore or discard) and the question before leaving a form with unsaved
 * input. One component for every form that keeps drafts. It re-renders only when the draft's state
 * does (the hook keeps one object until then), not on every keystroke of its form.
 */
export const DraftNotice = memo(function DraftNotice({ draft, asking = null, onStay }: DraftNoticeProps) {
  const router = useRouter({ warn: false });
  return (
    <>
      <DraftOffer draft={draft} />
      {/* A form rendered outside the router (a unit test of the form alone) has no navigation to guard. */}
      {router ? <RouterLeaveGuard draft={draft} /> : null}
      {asking ? <LeaveDialog draft={draft} onStay={() => onStay?.()} onLeave={asking.leave} /> : null}
    </>
  );
});

function DraftOffer({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation();
  const format = useFormat();
  const offer = draft.offer;
  if (draft.phase !== 'offered' || !offer) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconDeviceFloppy size={20} />}
      title={t('drafts.offer.title')}
      role="region"
      aria-label={t('drafts.offer.title')}
      data-testid="draft-notice"
      mb="md"
    >
      <Stack gap="sm">
        <Text size="sm">{t('drafts.offer.message', { when: format.dateTime(offer.savedAt) })}</Text>
        {offer.files > 0 ? (
          <Text size="sm" fw={500}>
            {t('drafts.offer.files', { count: offer.files })}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button mih={44} {...WRAPPING_BUTTON} onClick={draft.restore}>
            {t('drafts.offer.restore')}
          </Button>
          <Button mih={44} variant="default" {...WRAPPING_BUTTON} onClick={() => void draft.discard()}>
            {t('drafts.offer.discard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function RouterLeaveGuard({ draft }: { draft: FormDraft }) {
  const blocker = useBlocker({
    shouldBlockFn: () => draft.shouldAsk(),
    enableBeforeUnload: () => draft.shouldAsk(),
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return <LeaveDialog draft={draft} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

function LeaveDialog({
  draft,
  onStay,
  onLeave,
}: {
  draft: FormDraft;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const leave = async (discard: boolean) => {
    setBusy(true);
    try {
      await (discard ? draft.abandon() : draft.flush());
    } finally {
      setBusy(false);
    }
    onLeave();
  };
  return (
    <Modal
      opened
      onClose={onStay}
      // Above the form's own dialog.
      zIndex={400}
      title={t('drafts.leave.title')}
      // "Keep editing" is the close button; Escape and a tap outside do the same.
      withCloseButton={false}
      data-testid="draft-leave-dialog"
    >
      <Text mb="lg">{t('drafts.leave.message')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" mih={44} {...WRAPPING_BUTTON} onClick={onStay} data-autofocus>
          {t('drafts.leave.stay')}
        </Button>
        <Button
          color="red"
          variant="light"
          mih={44}
          {...WRAPPING_BUTTON}
          loading={busy}
          onClick={() => void leave(true)}
        >
          {t('drafts.leave.discard')}
        </Button>
        <Button mih={44} {...WRAPPING_BUTTON} loading={busy} onClick={() => void leave(false)}>
          {t('drafts.leave.keep')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * For a form in a dialog whose closing is not a navigation: `confirm(close)` closes at once when
 * nothing is unsaved, else asks (DraftNotice shows the question while `asking` is set).
 */
export function useLeaveConfirm(draft: FormDraft) {
  const [asking, setAsking] = useState<{ leave: () => void } | null>(null);
  return {
    asking,
    stay: () => setAsking(null),
    confirm: (close: () => void) => {
      if (!draft.shouldAsk()) {
        close();
        return;
      }
      setAsking({
        leave: () => {
          setAsking(null);
          close();
        },
      });
    },
  };
}
