import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DISPO_MAX_QUANTITY, DISPO_OPERATIONS } from '@/domain/dispo/constants';
import type { ContainerType } from '@/domain/dispo/container-types';
import { newItem, newRound, type AssignmentFormValues } from './form-values';
import { OPERATION_LABEL } from '../labels';

interface RoundsEditorProps {
  form: UseFormReturnType<AssignmentFormValues>;
  types: readonly ContainerType[];
}

/** Rounds with their containers: added, moved up or down and removed inline. */
export function RoundsEditor({ form, types }: RoundsEditorProps) {
  const { t } = useTranslation();
  const rounds = form.getValues().rounds;
  const roundsError = form.errors.rounds;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('dispo.form.rounds')}
        </Title>
        <Button
          variant="light"
          size="sm"
          mih={40}
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('rounds', newRound())}
        >
          {t('dispo.form.addRound')}
        </Button>
      </Group>
      {roundsError ? (
        <Text c="red" size="sm">
          {roundsError}
        </Text>
      ) : null}
      {rounds.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dispo.form.noRounds')}
        </Text>
      ) : null}
      {rounds.map((round, r) => (
        <RoundCard key={round.rowKey} form={form} types={types} index={r} count={rounds.length} />
      ))}
    </Stack>
  );
}

function RoundCard({ form, types, index, count }: RoundsEditorProps & { index: number; count: number }) {
  const { t } = useTranslation();
  const round = form.getValues().rounds[index];
  if (!round) return null;
  const n = index + 1;
  const itemsError = form.errors[`rounds.${index}.items`];
  const typeOptions = types
    .filter((type) => type.active || round.items.some((item) => item.containerTypeId === type.id))
    .map((type) => ({ value: type.id, label: `${type.name} (${type.volume} m³)` }));
  const operationOptions = DISPO_OPERATIONS.map((op) => ({ value: op, label: t(OPERATION_LABEL[op]) }));
  return (
    <Card withBorder padding="sm" radius="md" aria-label={t('dispo.form.round', { n })} component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{t('dispo.form.round', { n })}</Text>
            {round.done ? (
              <Checkbox
                size="xs"
                label={t('dispo.rounds.done')}
                {...form.getInputProps(`rounds.${index}.done`, { type: 'checkbox' })}
              />
            ) : null}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('dispo.form.moveUp')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('dispo.form.moveRoundUp', { n })}
                disabled={index === 0}
                onClick={() => form.reorderListItem('rounds', { from: index, to: index - 1 })}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('dispo.form.moveDown')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('dispo.form.moveRoundDown', { n })}
                disabled={index === count - 1}
                onClick={() => form.reorderListItem('rounds', { from: index, to: index + 1 })}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('dispo.form.removeRound', { n })}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('dispo.form.removeRound', { n })}
                onClick={() => form.removeListItem('rounds', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {round.items.map((item, i) => (
          <Group key={item.rowKey} align="flex-start" gap="xs" wrap="wrap">
            <Select
              style={{ flex: '2 1 180px' }}
              label={t('dispo.fields.containerType')}
              placeholder={t('dispo.form.pickType')}
              data={typeOptions}
              searchable
              nothingFoundMessage={t('dispo.form.noTypes')}
              withAsterisk
              {...form.getInputProps(`rounds.${index}.items.${i}.containerTypeId`)}
            />
            <NumberInput
              style={{ flex: '0 1 100px' }}
              label={t('dispo.fields.quantity')}
              min={1}
              max={DISPO_MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              {...form.getInputProps(`rounds.${index}.items.${i}.quantity`)}
            />
            <Select
              style={{ flex: '1 1 130px' }}
              label={t('dispo.fields.operation')}
              data={operationOptions}
              allowDeselect={false}
              {...form.getInputProps(`rounds.${index}.items.${i}.operation`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={t('dispo.form.removeItem', { n: i + 1, round: n })}
              onClick={() => form.removeListItem(`rounds.${index}.items`, i)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {itemsError ? (
          <Text c="red" size="sm">
            {itemsError}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            mih={36}
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem(`rounds.${index}.items`, newItem())}
          >
            {t('dispo.form.addItem')}
          </Button>
        </Group>
        <Textarea
          label={t('dispo.fields.roundNotes')}
          rows={1}
          {...form.getInputProps(`rounds.${index}.notes`)}
        />
      </Stack>
    </Card>
  );
}
