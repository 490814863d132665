import { Alert, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconFileDownload,
  IconPencil,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import { can } from '@/domain/permissions';
import { canTickRounds } from '@/domain/workflow/dispo';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { RecordSyncStatus } from '@/client/shell/sync-panel';
import { getAssignment } from './api/assignments';
import { dispoErrorMessage } from './api/errors';
import { isNetworkError } from '@/client/lib/api-errors';
import { AssignmentFormModal } from './assignment-form/assignment-form-modal';
import { AssignmentDetails } from './components/assignment-details';
import { DeleteAssignmentModal } from './components/delete-assignment-modal';
import { OfflineCopyNotice } from './components/offline-copy-notice';
import { RoundsView } from './components/rounds-view';
import { formatDay } from './format';
import { ASSIGNMENTS, useMirroredAssignment } from './use-assignment-mirror';
import { usePdfDownload } from './use-pdf-download';
import { usePublish } from './use-publish';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { useRoundDone } from './use-round-done';

/**
 * The newest of what the page knows: the device's copy (it carries ticks waiting to sync, so it wins a
 * tie), the answer of this page's last write, the server's answer.
 */
function newest(candidates: Array<Assignment | null | undefined>): Assignment | null {
  let best: Assignment | null = null;
  for (const candidate of candidates)
    if (candidate && (!best || candidate.version > best.version)) best = candidate;
  return best;
}

/**
 * /dispo/assignments/{id} (DispoAssignmentView): the driver sheet with its actions. It opens from the
 * device's copy when the assignment is mirrored (the driver's tablet without signal; ticks go through
 * the outbox) and from the server otherwise.
 */
export function DispoAssignmentPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/_app/dispo/assignments/$id' });
  const me = useCurrentUser();
  const canWrite = can(me, 'dispo:write');
  const navigate = useNavigate();
  const mirrored = useMirroredAssignment(id);
  const [version, setVersion] = useState(0);
  // The server is asked only when the device has no copy (a copy is kept current by sync).
  const loaded = useRemoteData(mirrored === null ? `${id}#${version}` : null, (signal) =>
    getAssignment(id, signal),
  );
  const [local, setLocal] = useState<Assignment | null>(null);
  const mirror = mirrored?.assignment ?? null;
  const assignment = newest([
    mirror,
    local?.id === id ? local : null,
    loaded.data?.id === id ? loaded.data : null,
  ]);
  const fromMirror = !!mirror && assignment === mirror;
  const update = (next: Assignment) => {
    setLocal(next);
    setVersion((n) => n + 1);
  };
  const { publish, busyId } = usePublish(update);
  const pdf = usePdfDownload();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rounds = useRoundDone(update);

  const back = (
    <Button component={Link} to="/dispo" variant="subtle" leftSection={<IconArrowLeft size={16} />} mih={40}>
      {t('dispo.view.back')}
    </Button>
  );
  // Below the operator's notice (shell PageGate): their own sheet, or why it cannot open without signal.
  if (!assignment && !can(me, 'dispo:open'))
    return mirrored === null && isNetworkError(loaded.error) ? (
      <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
        {dispoErrorMessage(loaded.error, t, t('dispo.errors.loadFailed'))}
      </Alert>
    ) : null;
  if (!assignment)
    return (
      <>
        <PageHeader title={t('shell.pages.dispoAssignment', { id })} actions={back} />
        {loaded.error && mirrored === null ? (
          <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
            {dispoErrorMessage(loaded.error, t, t('dispo.errors.loadFailed'))}
          </Alert>
        ) : (
          <Skeleton height={260} aria-label={t('dispo.loading')} />
        )}
      </>
    );

  const driver = assignment.driver?.name ?? t('dispo.unknownDriver');
  return (
    <>
      <PageHeader
        title={t('dispo.view.title', { driver, date: formatDay(assignment.date) })}
        description={t('dispo.view.description')}
        actions={
          <Group gap="sm">
            {back}
            <Button
              variant="default"
              mih={40}
              leftSection={<IconFileDownload size={16} />}
              loading={pdf.busy}
              onClick={() => void pdf.download(assignment)}
            >
              {t('dispo.actions.pdf')}
            </Button>
            {canWrite ? (
              <>
                <Button
                  variant="default"
                  mih={40}
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setEditing(true)}
                >
                  {t('dispo.actions.edit')}
                </Button>
                {assignment.status === 'draft' ? (
                  <Button
                    mih={40}
                    leftSection={<IconSend size={16} />}
                    loading={busyId === assignment.id}
                    onClick={() => void publish(assignment)}
                  >
                    {t('dispo.actions.publish')}
                  </Button>
                ) : null}
                <Button
                  variant="light"
                  color="red"
                  mih={40}
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setDeleting(true)}
                >
                  {t('dispo.actions.delete')}
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <Stack gap="lg">
        {fromMirror ? <OfflineCopyNotice /> : null}
        <AssignmentDetails assignment={assignment} />
        <Group gap="sm" align="center">
          <Title order={2} size="h4">
            {t('dispo.form.rounds')}
          </Title>
          <RecordSyncStatus collection={ASSIGNMENTS} id={assignment.id} />
        </Group>
        <RoundsView
          assignment={assignment}
          canTick={canTickRounds(me, assignment)}
          busyIndex={rounds.busyIndex}
          onToggle={(index, done) => void rounds.toggle(assignment, index, done, fromMirror)}
        />
      </Stack>
      <AssignmentFormModal
        editing={editing ? { assignment, date: assignment.date } : null}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          notifications.show({
            color: 'green',
            message: t('dispo.notices.saved', { driver: saved.driver?.name ?? '' }),
          });
          update(saved);
        }}
      />
      <DeleteAssignmentModal
        assignment={deleting ? assignment : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          notifications.show({ color: 'green', message: t('dispo.notices.deleted') });
          void navigate({ to: '/dispo' });
        }}
      />
    </>
  );
}
