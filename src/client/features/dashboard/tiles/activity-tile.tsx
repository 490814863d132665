import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCheck,
  IconEdit,
  IconFilePlus,
  IconSend,
  IconSignature,
  IconTrash,
  IconX,
  IconActivity,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry, ActivityVerb } from '@/domain/dashboard';
import { formatWhen } from '../format';
import { activityHref } from '@/client/lib/links';
import { TileLink } from '@/client/ui/tile-link';
import { EmptyLine, Tile } from './tile';
import { ACTIVITY_ENTITY_LABEL, ACTIVITY_SENTENCE } from '../labels';

const VERB_ICON: Partial<Record<ActivityVerb, { icon: Icon; color: string }>> = {
  create: { icon: IconFilePlus, color: 'blue' },
  update: { icon: IconEdit, color: 'gray' },
  delete: { icon: IconTrash, color: 'red' },
  submit: { icon: IconSend, color: 'indigo' },
  approve: { icon: IconCheck, color: 'green' },
  reject: { icon: IconX, color: 'red' },
  sign: { icon: IconSignature, color: 'teal' },
  publish: { icon: IconSend, color: 'teal' },
};

/** One entry as a sentence in the UI language: who did what to which record, linked when it exists. */
function ActivityLine({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const entity = t(ACTIVITY_ENTITY_LABEL[entry.entity]);
  const what = entry.subject ? t('dashboard.activity.named', { entity, subject: entry.subject }) : entity;
  const who = entry.userName ?? t('dashboard.activity.system');
  const sentence = t(ACTIVITY_SENTENCE[entry.verb], { who, what });
  const href = activityHref(entry);
  const { icon: VerbIcon, color } = VERB_ICON[entry.verb] ?? { icon: IconActivity, color: 'gray' };
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={color} radius="xl" size="md" aria-hidden>
        <VerbIcon size={16} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        {href ? (
          <TileLink href={href} size="sm" c="inherit">
            {sentence}
          </TileLink>
        ) : (
          <Text size="sm">{sentence}</Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
        </Text>
      </Stack>
    </Group>
  );
}

/** The newest changes the viewer may see (null offline: the audit log is on the server only). */
export function ActivityTile({ entries }: { entries: ActivityEntry[] | null }) {
  const { t } = useTranslation();
  return (
    <Tile title={t('dashboard.activity.title')} testId="dashboard-activity">
      {entries === null ? (
        <EmptyLine>{t('dashboard.activity.offline')}</EmptyLine>
      ) : entries.length === 0 ? (
        <EmptyLine>{t('dashboard.activity.empty')}</EmptyLine>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <ActivityLine key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Tile>
  );
}
