import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countContainers, type Assignment } from '@/domain/dispo/assignments';
import { describeDispoChanges } from '@/domain/dispo/changes';
import { currentLanguage } from '@/client/i18n';
import { formatDateTime, formatDay } from '../format';
import { StatusBadge } from './status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** Date, driver, truck, status, issuer, publication and what changed since. */
export function AssignmentDetails({ assignment: a }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const { placed, pickedUp } = countContainers(a.rounds);
  return (
    <Stack gap="md">
      {a.lastChange && a.lastChange.changes.length > 0 ? (
        <Alert color="blue" icon={<IconInfoCircle />} title={t('dispo.view.changedTitle')}>
          {t('dispo.view.changed', {
            at: formatDateTime(a.lastChange.at),
            changes: describeDispoChanges(a.lastChange.changes, currentLanguage()),
          })}
        </Alert>
      ) : null}
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Field label={t('dispo.fields.date')}>{formatDay(a.date)}</Field>
          <Field label={t('dispo.fields.driver')}>
            {a.driver?.name ?? t('dispo.unknownDriver')}
            {a.driver?.phone ? (
              <Text size="sm" c="dimmed">
                {a.driver.phone}
              </Text>
            ) : null}
          </Field>
          <Field label={t('dispo.fields.truck')}>
            {a.truck
              ? `${a.truck.licensePlate}${a.truck.type ? ` · ${a.truck.type}` : ''}`
              : t('dispo.form.noTruck')}
          </Field>
          <Field label={t('dispo.fields.status')}>
            <StatusBadge status={a.status} />
          </Field>
          <Field label={t('dispo.fields.issuedBy')}>{a.issuedByName ?? '—'}</Field>
          <Field label={t('dispo.fields.publishedAt')}>
            {a.publishedAt ? formatDateTime(a.publishedAt) : '—'}
          </Field>
          <Field label={t('dispo.fields.containers')}>
            {t('dispo.list.containers', { placed, pickedUp })}
          </Field>
          <Field label={t('dispo.fields.updatedAt')}>{formatDateTime(a.updatedAt)}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md">
        <Field label={t('dispo.fields.generalNotes')}>
          <Text style={{ whiteSpace: 'pre-wrap' }} c={a.generalNotes ? undefined : 'dimmed'}>
            {a.generalNotes ?? t('dispo.view.noNotes')}
          </Text>
        </Field>
      </Card>
    </Stack>
  );
}
