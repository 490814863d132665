import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUp } from '@/domain/followup';
import { can } from '@/domain/permissions';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { FollowUpFormModal } from './follow-up-form-modal';
import { FollowUpItem } from './follow-up-item';
import { localToday } from '@/client/lib/dates';
import { useFollowUpActions } from './use-follow-up-actions';
import { useExcavatorFollowUps } from './use-follow-ups';

/** The machine's follow-ups on its detail view: open ones first; viewers read, others act per role. */
export function FollowUpsSection({ excavatorId }: { excavatorId: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const followUps = useExcavatorFollowUps(excavatorId);
  const actions = useFollowUpActions();
  const [editing, setEditing] = useState<FollowUp | 'new' | null>(null);
  const canCreate = can(user, 'followup:create');
  const canPlan = can(user, 'followup:write');
  const canClose = can(user, 'followup:close');
  const open = followUps?.filter((f) => f.status === 'open').length ?? 0;
  const today = localToday();

  return (
    <Stack gap={6} data-testid="excavator-follow-ups">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('followUps.title')} {followUps ? `(${open})` : ''}
        </Title>
        {canCreate ? (
          <Button
            size="xs"
            mih={36}
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
          >
            {t('followUps.actions.add')}
          </Button>
        ) : null}
      </Group>
      {followUps === undefined ? null : followUps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('followUps.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {followUps.map((followUp) => (
            <FollowUpItem
              key={followUp.id}
              followUp={followUp}
              today={today}
              canClose={canClose}
              canPlan={canPlan}
              onEdit={setEditing}
              onStatus={(f, status) => void actions.setStatus(f, status)}
            />
          ))}
        </Stack>
      )}
      <FollowUpFormModal
        opened={editing !== null}
        excavatorId={excavatorId}
        followUp={editing === 'new' ? null : editing}
        canPlan={canPlan}
        onClose={() => setEditing(null)}
        onSave={(input) =>
          editing && editing !== 'new' ? actions.update(editing, input) : actions.create(input)
        }
      />
    </Stack>
  );
}
