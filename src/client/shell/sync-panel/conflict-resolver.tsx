import { Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline/engine-context';
import type { FieldChoice } from '@/client/offline/resolve';
import type { OutboxEntry } from '@/client/offline/types';
import { describeEntry, fieldLabel, formatValue } from './format';

interface ConflictResolverProps {
  entry: OutboxEntry;
  onClose: () => void;
}

/** Field by field: keep mine or take theirs. A conflicting delete is one decision. */
export function ConflictResolver({ entry, onClose }: ConflictResolverProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const fields = entry.conflict?.fields ?? [];
  const [choices, setChoices] = useState<Record<string, FieldChoice>>(() =>
    Object.fromEntries(fields.map((f) => [f.field, 'mine' as const])),
  );
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const all = (choice: FieldChoice) => setChoices(Object.fromEntries(fields.map((f) => [f.field, choice])));
  const isDelete = entry.kind === 'delete';

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('sync.conflict.title', { entry: describeEntry(entry, t) })}
    >
      <Stack>
        <Text size="sm">{isDelete ? t('sync.conflict.deleteIntro') : t('sync.conflict.intro')}</Text>
        <Table striped withTableBorder aria-label={t('sync.conflict.fields')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sync.conflict.field')}</Table.Th>
              {isDelete ? null : <Table.Th>{t('sync.conflict.mine')}</Table.Th>}
              <Table.Th>{t('sync.conflict.theirs')}</Table.Th>
              {isDelete ? null : <Table.Th>{t('sync.conflict.keep')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr key={f.field} data-field={f.field}>
                <Table.Td fw={600}>{fieldLabel(f.field, t)}</Table.Td>
                {isDelete ? null : <Table.Td>{formatValue(f.mine, t)}</Table.Td>}
                <Table.Td>{formatValue(f.theirs, t)}</Table.Td>
                {isDelete ? null : (
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={t('sync.conflict.choiceFor', { field: fieldLabel(f.field, t) })}
                      value={choices[f.field] ?? 'mine'}
                      onChange={(value) => setChoices((c) => ({ ...c, [f.field]: value as FieldChoice }))}
                      data={[
                        { value: 'mine', label: t('sync.conflict.useMine') },
                        { value: 'theirs', label: t('sync.conflict.useTheirs') },
                      ]}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {isDelete ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('sync.action.cancel')}
            </Button>
            <Button
              variant="light"
              loading={busy}
              onClick={() => void act(() => engine.resolveDeleteConflict(entry.seq!, 'theirs'))}
            >
              {t('sync.conflict.keepServer')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => void act(() => engine.resolveDeleteConflict(entry.seq!, 'mine'))}
            >
              {t('sync.conflict.deleteAnyway')}
            </Button>
          </Group>
        ) : (
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="subtle" size="xs" onClick={() => all('mine')}>
                {t('sync.conflict.allMine')}
              </Button>
              <Button variant="subtle" size="xs" onClick={() => all('theirs')}>
                {t('sync.conflict.allTheirs')}
              </Button>
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('sync.action.cancel')}
              </Button>
              <Button
                loading={busy}
                onClick={() => void act(() => engine.resolveConflict(entry.seq!, choices))}
              >
                {t('sync.conflict.apply')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
