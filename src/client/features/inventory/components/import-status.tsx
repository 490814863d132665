import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { inventoryImportResultSchema } from '@/domain/inventory-csv';
import { useBatchStatuses, useSyncEngine, type BatchStatus } from '@/client/offline';
import { ImportErrorList } from './import-preview';

/** One queued import: waiting for the connection, being sent, refused, or done with its result. */
function BatchAlert({ batch, onClose }: { batch: BatchStatus; onClose: () => void }) {
  const { t } = useTranslation();
  const file = batch.label ?? '';
  if (batch.state === 'done') {
    const parsed = inventoryImportResultSchema.safeParse(batch.answer);
    const errors = parsed.success ? parsed.data.errors : [];
    return (
      <Alert
        color={errors.length > 0 ? 'orange' : 'green'}
        icon={<IconFileImport size={18} />}
        role="status"
        data-testid="import-batch"
        data-state="done"
        title={t('inventory.import.batchDone', { file })}
        withCloseButton
        closeButtonLabel={t('inventory.actions.close')}
        onClose={onClose}
      >
        <Stack gap={4}>
          <Text size="sm">
            {t('inventory.import.completed', { imported: parsed.success ? parsed.data.imported : 0 })}
          </Text>
          {errors.length > 0 ? (
            <>
              <Text size="sm">{t('inventory.import.errorsOccurred', { errors: errors.length })}</Text>
              <ImportErrorList errors={errors} />
            </>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (batch.state === 'failed') {
    return (
      <Alert color="red" role="alert" data-testid="import-batch" data-state="failed">
        <Text size="sm">{t('inventory.import.batchFailed', { file, reason: batch.error ?? '' })}</Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      icon={<IconCloudUpload size={18} />}
      data-testid="import-batch"
      data-state={batch.state}
    >
      <Group gap="xs" wrap="nowrap">
        {batch.state === 'sending' ? <Loader size="xs" /> : null}
        <Text size="sm">
          {batch.state === 'sending'
            ? t('inventory.import.batchSending', { file, count: batch.size })
            : t('inventory.import.batchWaiting', { file, count: batch.size })}
        </Text>
      </Group>
    </Alert>
  );
}

/** Imports queued on this device (made offline) and what became of them, until the person closes them. */
export function ImportStatus({ userId }: { userId: string }) {
  const engine = useSyncEngine();
  const batches = useBatchStatuses('inventory', userId);
  if (batches.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="import-status">
      {batches.map((batch) => (
        <BatchAlert key={batch.id} batch={batch} onClose={() => void engine.forgetBatch(batch.id)} />
      ))}
    </Stack>
  );
}
