import { Button, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSyncStatus } from '@/client/shell/sync-panel';
import type { ExcavatorRecord } from '../model';
import { useExcavatorPdf } from '../pdf/use-excavator-pdf';
import { useExcavator } from '../use-excavators';
import { useProfileImageUrl } from '../use-local-images';
import { DeleteExcavatorModal } from './delete-excavator-modal';
import { ExcavatorStatusBadge, MaintenanceBadge } from './excavator-badges';
import { ExcavatorHeroPhoto } from './excavator-photo';
import { formatDate, formatHours } from './format';
import { RecentReports } from './recent-reports';
import { FollowUpsSection } from '@/client/features/follow-ups/public';

interface QuickViewDrawerProps {
  id: string | null;
  canWrite: boolean;
  onClose(): void;
  onEdit(id: string): void;
}

/** Photo, key data, maintenance due and recent reports of one machine, beside the list. */
export function QuickViewDrawer({ id, canWrite, onClose, onEdit }: QuickViewDrawerProps) {
  const { t } = useTranslation();
  const excavator = useExcavator(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={excavator?.name ?? t('excavators.quickView.title')}
      closeButtonProps={{ 'aria-label': t('excavators.close') }}
    >
      {excavator === undefined ? (
        <Loader size="sm" aria-label={t('excavators.list.loading')} />
      ) : excavator === null ? (
        <Text c="dimmed">{t('excavators.quickView.missing')}</Text>
      ) : (
        <QuickViewContent excavator={excavator} canWrite={canWrite} onEdit={onEdit} onDeleted={onClose} />
      )}
    </Drawer>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? '—'}</Text>
    </div>
  );
}

interface ContentProps {
  excavator: ExcavatorRecord;
  canWrite: boolean;
  onEdit(id: string): void;
  onDeleted(): void;
}

function QuickViewContent({ excavator: e, canWrite, onEdit, onDeleted }: ContentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [deleting, setDeleting] = useState(false);
  const pdf = useExcavatorPdf();
  const photoUrl = useProfileImageUrl(e.id, e.profileImage, true);
  return (
    <Stack gap="md" data-testid="excavator-quick-view">
      <ExcavatorHeroPhoto id={e.id} name={e.name} path={e.profileImage} />
      <Group gap="xs">
        <ExcavatorStatusBadge status={e.status} />
        <RecordSyncStatus collection="excavators" id={e.id} />
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Fact label={t('excavators.fields.model')} value={e.model} />
        <Fact label={t('excavators.fields.serialNumber')} value={e.serialNumber} />
        <Fact label={t('excavators.fields.year')} value={e.year === null ? null : String(e.year)} />
        <Fact label={t('excavators.fields.location')} value={e.location} />
        <Fact label={t('excavators.fields.usageHours')} value={formatHours(e.usageHours, lang)} />
        <Fact label={t('excavators.fields.engineNumber')} value={e.engineNumber} />
        <Fact label={t('excavators.fields.lastServiceDate')} value={formatDate(e.lastServiceDate, lang)} />
        <Fact
          label={t('excavators.fields.nextInspectionHours')}
          value={formatHours(e.nextInspectionHours, lang)}
        />
      </SimpleGrid>
      <Divider />
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('excavators.quickView.maintenance')}
        </Title>
        <Group>
          <MaintenanceBadge due={e.maintenance} />
        </Group>
      </Stack>
      <Divider />
      <FollowUpsSection excavatorId={e.id} />
      <Divider />
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('excavators.quickView.recentReports')}
        </Title>
        <RecentReports excavatorId={e.id} />
      </Stack>
      <Divider />
      <Group gap="sm">
        <Button
          variant="light"
          mih={44}
          leftSection={<IconFileTypePdf size={18} />}
          loading={pdf.busy}
          onClick={() => void pdf.download(e, photoUrl)}
        >
          {t('excavators.actions.pdf')}
        </Button>
        {canWrite ? (
          <>
            <Button mih={44} leftSection={<IconEdit size={18} />} onClick={() => onEdit(e.id)}>
              {t('excavators.actions.edit')}
            </Button>
            <Button
              color="red"
              variant="subtle"
              mih={44}
              leftSection={<IconTrash size={18} />}
              onClick={() => setDeleting(true)}
            >
              {t('excavators.actions.delete')}
            </Button>
          </>
        ) : null}
      </Group>
      <DeleteExcavatorModal
        excavator={deleting ? e : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          onDeleted();
        }}
      />
    </Stack>
  );
}
