import { Alert, Button, FileButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFileImport, IconWifiOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryImportResult } from '@/domain/inventory-csv';
import { useOnline } from '@/client/offline';
import { readInventoryCsv, sendInventoryImport, type CsvPreview } from '../csv-import';
import { actionErrorMessage } from '../use-inventory-actions';
import { ImportErrorList, ImportPreview } from './import-preview';

interface ImportModalProps {
  onClose: () => void;
  /** After the server took the batch (the mirror pulls the new items). */
  onImported: (result: InventoryImportResult) => Promise<void> | void;
}

const newKey = () => globalThis.crypto.randomUUID();

/** Pick a CSV, see what it holds and what is wrong, then import it as one batch. */
export function ImportModal({ onClose, onImported }: ImportModalProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<InventoryImportResult | null>(null);
  const key = useRef(newKey());

  const pick = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    setError(null);
    setResult(null);
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
    try {
      const answer = await sendInventoryImport(preview.mapped.rows, key.current);
      setResult(answer);
      setPreview(null);
      await onImported(answer);
    } catch (failure) {
      setError(actionErrorMessage(failure, t('inventory.import.failed')));
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
        {preview ? <ImportPreview preview={preview} /> : null}
        {preview && !online ? (
          <Alert color="yellow" icon={<IconWifiOff size={18} />} role="status">
            {t('inventory.import.offline')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {result ? t('inventory.actions.close') : t('inventory.actions.cancel')}
          </Button>
          {preview ? (
            <Button onClick={() => void send()} loading={sending} disabled={!canSend || !online}>
              {t('inventory.import.submit', { count: preview.validCount })}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
