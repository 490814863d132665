import { Alert, Badge, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InventoryImportError } from '@/domain/inventory-csv';
import type { CsvPreview } from '../csv-import';

const MAX_LISTED_ERRORS = 200;

/** Row number and reason per refused row. */
export function ImportErrorList({ errors }: { errors: InventoryImportError[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <ScrollArea.Autosize mah={180} type="auto">
      <List size="sm" spacing={2} data-testid="import-errors">
        {errors.slice(0, MAX_LISTED_ERRORS).map((error) => (
          <List.Item key={`${error.row}-${error.reason}`}>
            {t('inventory.import.rowError', { row: error.row, reason: error.reason })}
          </List.Item>
        ))}
      </List>
      {errors.length > MAX_LISTED_ERRORS ? (
        <Text size="xs" c="dimmed">
          {t('inventory.import.moreErrors', { count: errors.length - MAX_LISTED_ERRORS })}
        </Text>
      ) : null}
    </ScrollArea.Autosize>
  );
}

/** What the file holds before anything is sent: counts, refused rows, the first good rows. */
export function ImportPreview({ preview }: { preview: CsvPreview }) {
  const { t } = useTranslation();
  const { mapped, validCount, errors, sample } = preview;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="green" variant="light" size="lg" tt="none" data-testid="import-valid-count">
          {t('inventory.import.validRows', { count: validCount })}
        </Badge>
        {errors.length > 0 ? (
          <Badge color="red" variant="light" size="lg" tt="none" data-testid="import-error-count">
            {t('inventory.import.errorRows', { count: errors.length })}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {mapped.hasHeader ? t('inventory.import.withHeader') : t('inventory.import.withoutHeader')} ·{' '}
          {t('inventory.import.decimal', { separator: mapped.decimalSeparator })}
        </Text>
      </Group>
      {mapped.missingColumns.length > 0 ? (
        <Alert color="red" role="alert">
          {t('inventory.import.missingName')}
        </Alert>
      ) : null}
      {mapped.ignoredColumns.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('inventory.import.ignored', { columns: mapped.ignoredColumns.join(', ') })}
        </Text>
      ) : null}
      {errors.length > 0 ? (
        <Alert color="orange" title={t('inventory.import.errorsTitle')}>
          <ImportErrorList errors={errors} />
        </Alert>
      ) : null}
      {sample.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table striped fz="sm" aria-label={t('inventory.import.sample')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.import.row')}</Table.Th>
                <Table.Th>{t('inventory.fields.name')}</Table.Th>
                <Table.Th>{t('inventory.fields.maker')}</Table.Th>
                <Table.Th ta="right">{t('inventory.fields.quantity')}</Table.Th>
                <Table.Th ta="right">{t('inventory.fields.price')}</Table.Th>
                <Table.Th>{t('inventory.fields.location')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sample.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.maker}</Table.Td>
                  <Table.Td ta="right">{row.quantity}</Table.Td>
                  <Table.Td ta="right">{row.price}</Table.Td>
                  <Table.Td>{row.location}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
