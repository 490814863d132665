import { Anchor, Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconCheck, IconEdit, IconRotate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { createFormat } from '@/domain/format';
import { followUpTitle, isFollowUpOverdue, type FollowUp } from '@/domain/followup';
import { uploadUrl } from '@/client/api/uploads';
import { currentLanguage } from '@/client/i18n';
import { RecordSyncStatus } from '@/client/shell/sync-panel';

export interface FollowUpItemProps {
  followUp: FollowUp;
  today: string;
  canClose: boolean;
  canPlan: boolean;
  onEdit?(followUp: FollowUp): void;
  onStatus?(followUp: FollowUp, status: FollowUp['status']): void;
}

/** One follow-up: what is wrong, who does it by when, where it came from and what closed it. */
export function FollowUpItem({ followUp: f, today, canClose, canPlan, onEdit, onStatus }: FollowUpItemProps) {
  const { t, i18n } = useTranslation();
  const format = createFormat(i18n.language ? currentLanguage() : 'de');
  const overdue = isFollowUpOverdue(f, today);
  const photo = uploadUrl(f.photo);
  return (
    <Stack
      gap={4}
      component="li"
      data-testid="follow-up"
      data-status={f.status}
      style={{
        borderLeft: `3px solid var(--mantine-color-${f.status === 'open' ? (overdue ? 'red' : 'orange') : 'green'}-6)`,
        paddingLeft: 10,
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {followUpTitle(f, i18n.language)}
        </Text>
        {/* The title wraps; the status beside it keeps its whole word ("Überfällig"). */}
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <RecordSyncStatus collection="followUps" id={f.id} />
          <Badge
            size="sm"
            variant="light"
            color={f.status === 'open' ? (overdue ? 'red' : 'orange') : 'green'}
            styles={{ root: { textTransform: 'none', flexShrink: 0 } }}
          >
            {f.status === 'open'
              ? overdue
                ? t('followUps.status.overdue')
                : t('followUps.status.open')
              : t('followUps.status.closed')}
          </Badge>
        </Group>
      </Group>
      {f.note ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {f.note}
        </Text>
      ) : null}
      {photo ? (
        <Image src={photo} alt={t('followUps.fields.photo')} h={96} w="auto" fit="contain" radius="sm" />
      ) : null}
      <Text size="xs" c="dimmed">
        {[
          f.assigneeName ? t('followUps.assignedTo', { name: f.assigneeName }) : t('followUps.unassigned'),
          f.dueDate ? t('followUps.dueOn', { date: format.date(f.dueDate) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {f.source ? (
        <Anchor size="xs" href={`/reports?id=${encodeURIComponent(f.source.reportId)}`}>
          {t('followUps.fromReport')}
        </Anchor>
      ) : null}
      {f.status === 'closed' ? (
        <Text size="xs" c="dimmed">
          {f.closedByReportId ? (
            <Anchor size="xs" href={`/reports?id=${encodeURIComponent(f.closedByReportId)}`}>
              {t('followUps.closedByReport')}
            </Anchor>
          ) : (
            t('followUps.closedBy', { name: f.closedByName ?? '—' })
          )}
          {f.closedAt ? ` · ${format.date(f.closedAt.slice(0, 10))}` : ''}
        </Text>
      ) : null}
      {(canPlan && onEdit) || (canClose && onStatus) ? (
        <Group gap="xs" mt={2}>
          {canClose && onStatus && f.status === 'open' ? (
            <Button
              size="xs"
              mih={36}
              variant="light"
              color="green"
              leftSection={<IconCheck size={14} />}
              onClick={() => onStatus(f, 'closed')}
            >
              {t('followUps.actions.close')}
            </Button>
          ) : null}
          {canClose && onStatus && f.status === 'closed' ? (
            <Button
              size="xs"
              mih={36}
              variant="subtle"
              leftSection={<IconRotate size={14} />}
              onClick={() => onStatus(f, 'open')}
            >
              {t('followUps.actions.reopen')}
            </Button>
          ) : null}
          {canPlan && onEdit ? (
            <Button
              size="xs"
              mih={36}
              variant="subtle"
              leftSection={<IconEdit size={14} />}
              onClick={() => onEdit(f)}
            >
              {t('followUps.actions.edit')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
