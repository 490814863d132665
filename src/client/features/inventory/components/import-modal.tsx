import { Alert, Button, FileButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFileImport, IconWifiOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryImportResult } from '@/domain/inventory-csv';
import { ApiError } from '@/client/api/client';
import { useOnline, useSyncEngine } from '@/client/offline';
import { queueInventoryImport, readInventoryCsv, sendInventoryImport, type CsvPreview } from '../csv-import';
import { actionErrorMessage } from '../use-inventory-actions';
import { ImportErrorList, ImportPreview } from './import-preview';
import { v7 as uuidv7 } from 'uuid';

interface ImportModalProps {
  onClose: () => void;
  /** After the server took the batch (the mirror pulls the new items). */
  onImported: (result: InventoryImportResult) => Promise<void> | void;
}

// Not crypto.randomUUID: browsers offer it only over HTTPS, and a site server may still run without.
const newKey = () => uuidv7();

/**
 * Pick a CSV, see what it holds and what is wrong, then import it as one batch: sent at once when
 * online, queued in the outbox when not (the inventory page shows how it goes and its result).
 */
export function ImportModal({ onClose, onImported }: ImportModalProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const engine = useSyncEngine();
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<InventoryImportResult | null>(null);
  const [queued, setQueued] = useState<number | null>(null);
  const key = useRef(newKey());

  const pick = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    setError(null);
    setResult(null);
    setQueued(null);
    try {
      setPreview(await readInventoryCsv(file));
      key.current = newKey();
    } catch {
      setPreview(null);
      setError(t('inventory.import.readFailed'));
    } finally {
      setReading(false);
    }
  };

  const send = async () => {
    if (!preview) return;
    setSending(true);
    setError(null);
    const queue = async () => {
      await queueInventoryImport(engine, preview, key.current);
      setQueued(preview.validCount);
      setPreview(null);
    };
    try {
      if (!online) {
        await queue();
        return;
      }
      const answer = await sendInventoryImport(preview.mapped.rows, key.current);
      setResult(answer);
      setPreview(null);
      await onImported(answer);
    } catch (failure) {
      // The connection dropped on the way: the outbox sends it again under the same key.
      if (failure instanceof ApiError && failure.isNetworkError) {
        await queue().catch(() => setError(t('inventory.import.failed')));
      } else {
        setError(actionErrorMessage(failure, t('inventory.import.failed')));
      }
    } finally {
      setSending(false);
    }
  };

  const canSend = !!preview && preview.validCount > 0 && preview.mapped.missingColumns.length === 0;

  return (
    <Modal opened onClose={onClose} title={t('inventory.import.title')} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('inventory.import.intro')}
        </Text>
        <Group>
          <FileButton accept=".csv,text/csv,text/plain" onChange={(file) => void pick(file)}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconFileImport size={16} />} loading={reading}>
                {preview ? t('inventory.import.pickOther') : t('inventory.import.pick')}
              </Button>
            )}
          </FileButton>
          {preview ? <Text size="sm">{preview.fileName}</Text> : null}
          {reading ? <Loader size="sm" /> : null}
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {result ? (
          <Alert
            color={result.errors.length > 0 ? 'orange' : 'green'}
            role="status"
            data-testid="import-result"
          >
            <Stack gap={4}>
              <Text size="sm">{t('inventory.import.completed', { imported: result.imported })}</Text>
              {result.errors.length > 0 ? (
                <>
                  <Text size="sm">
                    {t('inventory.import.errorsOccurred', { errors: result.errors.length })}
                  </Text>
                  <ImportErrorList errors={result.errors} />
                </>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {queued !== null ? (
          <Alert color="blue" icon={<IconWifiOff size={18} />} role="status" data-testid="import-queued">
            {t('inventory.import.queued', { count: queued })}
          </Alert>
        ) : null}
        {preview ? <ImportPreview preview={preview} /> : null}
        {preview && !online ? (
          <Alert color="yellow" icon={<IconWifiOff size={18} />} role="status">
            {t('inventory.import.offline')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {result || queued !== null ? t('inventory.actions.close') : t('inventory.actions.cancel')}
          </Button>
          {preview ? (
            <Button onClick={() => void send()} loading={sending} disabled={!canSend}>
              {online
                ? t('inventory.import.submit', { count: preview.validCount })
                : t('inventory.import.submitQueued', { count: preview.validCount })}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
