import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MASTER_KINDS, type MasterKind } from '../api/master-data';
import { MasterList } from './master-list';
import { MASTER_LABELS } from '../labels';

interface MasterDataPanelProps {
  canWrite: boolean;
  onChanged?(): void;
}

/** Drivers, trucks and container types (DispoContainers): on /dispo and in Settings. */
export function MasterDataPanel({ canWrite, onChanged }: MasterDataPanelProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<MasterKind>('drivers');
  return (
    <Stack gap="md">
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as MasterKind)}
        data={MASTER_KINDS.map((k) => ({ value: k, label: t(MASTER_LABELS[k].title) }))}
        aria-label={t('dispo.master.title')}
        style={{ alignSelf: 'flex-start' }}
      />
      <MasterList key={kind} kind={kind} canWrite={canWrite} onChanged={onChanged} />
    </Stack>
  );
}
