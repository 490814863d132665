import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@/domain/constants';
import { dispoErrorMessage } from '../api/errors';
import { listMaster, masterListPath, type MasterKind, type MasterKinds } from '../api/master-data';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { MASTER_COLUMNS, masterName } from './columns';
import { DeleteMasterModal } from './delete-master-modal';
import { MasterFormModal } from './master-form-modal';
import { MASTER_LABELS } from '../labels';

interface MasterListProps {
  kind: MasterKind;
  /** False: the list without controls. */
  canWrite: boolean;
  /** Called after every change, so pickers elsewhere on the page load again. */
  onChanged?(): void;
}

/** One kind of master data: search, a page of records, new, edit, delete (refused while in use). */
export function MasterList({ kind, canWrite, onChanged }: MasterListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const path = masterListPath(kind, { page, limit: DEFAULT_LIMIT, q });
  const list = useRemoteData(path, (signal) => listMaster(kind, { page, limit: DEFAULT_LIMIT, q }, signal));
  const [editing, setEditing] = useState<{ record: MasterKinds[MasterKind]['record'] | null } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const columns = MASTER_COLUMNS[kind](t) as Array<{
    label: string;
    cell(r: MasterKinds[MasterKind]['record']): React.ReactNode;
  }>;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / DEFAULT_LIMIT)) : 1;

  const changed = (message: string) => {
    notifications.show({ color: 'green', message });
    list.reload();
    onChanged?.();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('dispo.master.search')}
          aria-label={t('dispo.master.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        {canWrite ? (
          <Button mih={40} leftSection={<IconPlus size={16} />} onClick={() => setEditing({ record: null })}>
            {t(MASTER_LABELS[kind].new)}
          </Button>
        ) : null}
      </Group>
      {list.error ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
          {dispoErrorMessage(list.error, t, t('dispo.errors.loadFailed'))}
        </Alert>
      ) : null}
      <Card withBorder padding={0} radius="md">
        {!list.data ? (
          <Stack role="status" p="md" gap="sm" aria-label={t('dispo.loading')}>
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        ) : list.data.items.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            {t(q ? 'dispo.master.emptyFiltered' : MASTER_LABELS[kind].empty)}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label={t(MASTER_LABELS[kind].title)}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.label}>{c.label}</Table.Th>
                  ))}
                  <Table.Th>{t('dispo.master.fields.active')}</Table.Th>
                  {canWrite ? (
                    <Table.Th>
                      <VisuallyHidden>{t('dispo.list.actions')}</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((record) => {
                  const name = masterName(record);
                  return (
                    <Table.Tr key={record.id}>
                      {columns.map((c) => (
                        <Table.Td key={c.label}>{c.cell(record)}</Table.Td>
                      ))}
                      <Table.Td>
                        <Badge variant="light" color={record.active ? 'green' : 'gray'}>
                          {record.active ? t('dispo.master.active') : t('dispo.master.inactive')}
                        </Badge>
                      </Table.Td>
                      {canWrite ? (
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              size="lg"
                              aria-label={t('dispo.master.editNamed', { name })}
                              onClick={() => setEditing({ record })}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="lg"
                              aria-label={t('dispo.master.deleteNamed', { name })}
                              onClick={() => setDeleting({ id: record.id, name })}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {pages > 1 ? (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? t('dispo.list.nextPage') : t('dispo.list.previousPage'),
            })}
            getItemProps={(item) => ({ 'aria-label': t('dispo.list.page', { page: item }) })}
          />
        </Group>
      ) : null}
      <MasterFormModal
        kind={kind}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(created) => {
          setEditing(null);
          changed(t(created ? 'dispo.master.notices.created' : 'dispo.master.notices.saved'));
        }}
      />
      <DeleteMasterModal
        kind={kind}
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          const name = deleting?.name ?? '';
          setDeleting(null);
          changed(t('dispo.master.notices.deleted', { name }));
        }}
      />
    </Stack>
  );
}
