import { Badge, Card, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Assignment, DispoRound } from '@/domain/dispo/assignments';
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
  // A phone has no room for three columns: the operation (what the driver does) would scroll away.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
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
            {narrow ? <ItemCards round={round} n={n} t={t} /> : <ItemTable round={round} n={n} t={t} />}
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

interface ItemsProps {
  round: DispoRound;
  n: number;
  t: TFunction;
}

function typeLabel(item: DispoRound['items'][number], t: TFunction): string {
  return item.containerType
    ? `${item.containerType.name} (${item.containerType.volume} m³)`
    : t('dispo.view.unknownType');
}

function ItemTable({ round, n, t }: ItemsProps) {
  return (
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
              <Table.Td>{typeLabel(item, t)}</Table.Td>
              <Table.Td ta="end">{item.quantity}</Table.Td>
              <Table.Td>{t(OPERATION_LABEL[item.operation])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One card per item on a phone: the operation first, where the eye lands. */
function ItemCards({ round, n, t }: ItemsProps) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('dispo.view.itemsOf', { n })}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {round.items.map((item, i) => (
        <Paper key={i} component="li" withBorder radius="sm" p="sm" data-testid="round-item-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Badge size="lg" variant="light" style={{ flexShrink: 0 }}>
              {t(OPERATION_LABEL[item.operation])}
            </Badge>
            <Text fw={700} aria-label={`${t('dispo.fields.quantity')}: ${item.quantity}`}>
              × {item.quantity}
            </Text>
          </Group>
          <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
            {typeLabel(item, t)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
