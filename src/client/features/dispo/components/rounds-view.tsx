import { Badge, Card, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo';
import { OPERATION_LABEL } from '../labels';

interface RoundsViewProps {
  assignment: Assignment;
  /** Whoever may tick rounds (the linked driver, dispatchers) on a published assignment. */
  canTick: boolean;
  /** The round being saved. */
  busyIndex: number | null;
  onToggle(index: number, done: boolean): void;
}

/** The rounds in order, each with its notes and containers. */
export function RoundsView({ assignment, canTick, busyIndex, onToggle }: RoundsViewProps) {
  const { t } = useTranslation();
  if (assignment.rounds.length === 0)
    return (
      <Card withBorder radius="md">
        <Text c="dimmed">{t('dispo.view.noRounds')}</Text>
      </Card>
    );
  return (
    <Stack gap="sm">
      {assignment.rounds.map((round, index) => {
        const n = index + 1;
        return (
          <Card
            key={index}
            withBorder
            radius="md"
            component="section"
            aria-label={t('dispo.form.round', { n })}
          >
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h5">
                {t('dispo.form.round', { n })}
              </Title>
              {canTick && assignment.status === 'published' ? (
                <Checkbox
                  size="md"
                  label={t('dispo.rounds.markDone')}
                  checked={round.done}
                  disabled={busyIndex !== null}
                  onChange={(event) => onToggle(index, event.currentTarget.checked)}
                />
              ) : (
                <Badge variant="light" color={round.done ? 'green' : 'gray'}>
                  {round.done ? t('dispo.rounds.done') : t('dispo.rounds.open')}
                </Badge>
              )}
            </Group>
            <Table.ScrollContainer minWidth={420} type="native">
              <Table aria-label={t('dispo.view.itemsOf', { n })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dispo.fields.containerType')}</Table.Th>
                    <Table.Th ta="end">{t('dispo.fields.quantity')}</Table.Th>
                    <Table.Th>{t('dispo.fields.operation')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {round.items.map((item, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>
                        {item.containerType
                          ? `${item.containerType.name} (${item.containerType.volume} m³)`
                          : t('dispo.view.unknownType')}
                      </Table.Td>
                      <Table.Td ta="end">{item.quantity}</Table.Td>
                      <Table.Td>{t(OPERATION_LABEL[item.operation])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {round.notes ? (
              <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                <Text span fw={600}>
                  {t('dispo.fields.roundNotes')}:
                </Text>{' '}
                {round.notes}
              </Text>
            ) : null}
          </Card>
        );
      })}
    </Stack>
  );
}
