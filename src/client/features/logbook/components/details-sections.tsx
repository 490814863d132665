import { Badge, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogbookEntry } from '@/domain/logbook';
import { formatDateTime, isWeatherCondition, shiftDuration } from '../format';
import { CONDITION_KEY } from '../keys';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

function SignatureBox({ label, image, caption }: { label: string; image: string | null; caption: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {image ? (
        <Image
          src={image}
          alt={label}
          h={100}
          w="auto"
          fit="contain"
          bg="white"
          radius="md"
          style={{ border: '1px solid var(--mantine-color-default-border)' }}
        />
      ) : (
        <Text c="dimmed" size="sm">
          {t('logbook.details.notSigned')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

/** The entry's content, read-only: shift, weather, checks, notes and both signatures. */
export function DetailsSections({ entry }: { entry: LogbookEntry }) {
  const { t } = useTranslation();
  const weather = entry.weather;
  const conditions = weather?.conditions
    ? isWeatherCondition(weather.conditions)
      ? t(CONDITION_KEY[weather.conditions])
      : weather.conditions
    : '–';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={t('logbook.form.shift')}>
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('logbook.fields.shiftStart')} value={entry.shiftStart} />
            <Field label={t('logbook.fields.shiftEnd')} value={entry.shiftEnd} />
            <Field
              label={t('logbook.fields.duration')}
              value={t('logbook.shift.duration', shiftDuration(entry.shiftStart, entry.shiftEnd))}
            />
          </SimpleGrid>
          {entry.overnight ? (
            <Badge color="indigo" variant="light" mt="sm" maw="100%">
              {t('logbook.shift.overnightHint')}
            </Badge>
          ) : null}
        </Section>
        <Section title={t('logbook.form.weather')}>
          {weather ? (
            <SimpleGrid cols={3} spacing="sm">
              <Field
                label={t('logbook.fields.temperature')}
                value={weather.temperature === null ? '–' : `${weather.temperature} °C`}
              />
              <Field
                label={t('logbook.fields.humidity')}
                value={weather.humidity === null ? '–' : `${weather.humidity} %`}
              />
              <Field label={t('logbook.fields.conditions')} value={conditions} />
            </SimpleGrid>
          ) : (
            <Text c="dimmed" size="sm">
              {t('logbook.details.noWeather')}
            </Text>
          )}
        </Section>
      </SimpleGrid>
      <Section title={t('logbook.form.conveyors')}>
        <ChecksTable
          rows={entry.conveyorChecks.map((c) => ({
            name: c.name,
            ok: c.functional,
            label: c.functional ? t('logbook.checks.functional') : t('logbook.checks.notFunctional'),
            notes: c.notes,
          }))}
        />
      </Section>
      <Section title={t('logbook.form.specialChecks')}>
        <ChecksTable
          rows={entry.specialChecks.map((c) => ({
            name: c.name,
            ok: !c.open,
            label: c.open ? t('logbook.checks.open') : t('logbook.checks.done'),
            notes: c.notes,
          }))}
        />
      </Section>
      <Section title={t('logbook.fields.generalNotes')}>
        <Text style={{ whiteSpace: 'pre-wrap' }} c={entry.generalNotes ? undefined : 'dimmed'}>
          {entry.generalNotes || t('logbook.details.noNotes')}
        </Text>
      </Section>
      <Section title={t('logbook.details.signatures')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SignatureBox
            label={t('logbook.details.creatorSignature')}
            image={entry.creatorSignature}
            caption={[entry.createdByName, entry.signedAt ? formatDateTime(entry.signedAt) : null]
              .filter(Boolean)
              .join(' · ')}
          />
          <SignatureBox
            label={t('logbook.details.reviewerSignature')}
            image={entry.reviewerSignature}
            caption={[entry.approvedByName, entry.approvedAt ? formatDateTime(entry.approvedAt) : null]
              .filter(Boolean)
              .join(' · ')}
          />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

function ChecksTable({
  rows,
}: {
  rows: Array<{ name: string; ok: boolean; label: string; notes: string | null }>;
}) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('logbook.details.noChecks')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('logbook.details.check')}</Table.Th>
            <Table.Th>{t('logbook.details.state')}</Table.Th>
            <Table.Th>{t('logbook.details.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={`${row.name}-${i}`}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={row.ok ? 'green' : 'red'} variant="light">
                    {row.label}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>{row.notes || '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
