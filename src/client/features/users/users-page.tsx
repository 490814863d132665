import { Alert, Button, Card, EmptyState, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@/domain/constants';
import { can } from '@/domain/permissions';
import type { User } from '@/domain/user';
import { PageHeader } from '@/client/shell/page-header';
import { updateSessionUser, useCurrentUser } from '@/client/lib/session/session-store';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { listUsers, userListPath } from './api/list-users';
import { refusalMessage } from './api/refusals';
import { updateUser } from './api/update-user';
import { DeactivateModal } from './components/deactivate-modal';
import { ResetPasswordModal } from './components/reset-password-modal';
import { UserFormModal } from './components/user-form-modal';
import { UsersFilters, type StatusFilter } from './components/users-filters';
import { UsersTable } from './components/users-table';

const SEARCH_DEBOUNCE_MS = 300;

type Editing = { user: User | null } | null;

/** /users (admin only): search, filter and page through accounts; create, edit, deactivate, reset. */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const canManage = can(me, 'users:manage');

  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const active = status === 'all' ? null : status === 'active';
  const path = userListPath({ page, limit: DEFAULT_LIMIT, q, role, active });
  const list = useRemoteData(path, (signal) => listUsers(path, signal));

  const [editing, setEditing] = useState<Editing>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const filtered = !!q.trim() || role !== null || active !== null;
  const clearFilters = () => {
    setSearch('');
    setRole(null);
    setStatus('all');
    setPage(1);
  };

  const saved = (user: User, created: boolean) => {
    setEditing(null);
    if (user.id === me.id) updateSessionUser(user);
    notifications.show({
      color: 'green',
      message: created
        ? t('users.notices.created', { name: user.username })
        : t('users.notices.saved', { name: user.username }),
    });
    list.reload();
  };

  const reactivate = async (user: User) => {
    setBusyId(user.id);
    try {
      await updateUser(user.id, { active: true });
      notifications.show({
        color: 'green',
        message: t('users.notices.reactivated', { name: user.username }),
      });
      list.reload();
    } catch (error) {
      notifications.show({
        color: 'red',
        message: refusalMessage(error, t, t('users.errors.reactivateFailed')),
      });
    } finally {
      setBusyId(null);
    }
  };

  const data = list.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_LIMIT));
  const first = total === 0 ? 0 : (page - 1) * DEFAULT_LIMIT + 1;
  const last = Math.min(total, page * DEFAULT_LIMIT);

  return (
    <>
      <PageHeader
        title={t('nav.users')}
        description={t('shell.pages.users')}
        actions={
          canManage ? (
            <Button
              mih={44}
              leftSection={<IconUserPlus size={18} />}
              onClick={() => setEditing({ user: null })}
            >
              {t('users.actions.create')}
            </Button>
          ) : null
        }
      />
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          <UsersFilters
            search={search}
            onSearchChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            role={role}
            onRoleChange={(value) => {
              setRole(value);
              setPage(1);
            }}
            status={status}
            onStatusChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
          {list.error ? (
            <Alert
              color="red"
              role="alert"
              icon={<IconAlertTriangle size={18} />}
              title={t('users.errors.loadTitle')}
            >
              <Group justify="space-between" gap="sm">
                <Text size="sm">{refusalMessage(list.error, t, t('users.errors.load'))}</Text>
                <Button size="xs" variant="white" color="red" onClick={list.reload}>
                  {t('common.retry')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          {data === null ? (
            list.error ? null : (
              <TableSkeleton label={t('users.table.loading')} />
            )
          ) : data.items.length === 0 ? (
            <UsersEmpty
              filtered={filtered}
              onClear={clearFilters}
              onFirstPage={page > 1 ? () => setPage(1) : null}
            />
          ) : (
            <div
              aria-busy={list.loading}
              style={{ opacity: list.loading ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <UsersTable
                users={data.items}
                currentUserId={me.id}
                canManage={canManage}
                busyId={busyId}
                onEdit={(user) => setEditing({ user })}
                onResetPassword={setResetting}
                onDeactivate={setDeactivating}
                onReactivate={(user) => void reactivate(user)}
              />
            </div>
          )}
          {data && total > 0 ? (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('users.table.range', { first, last, total })}
              </Text>
              {pages > 1 ? (
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={setPage}
                  size="lg"
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'next' ? t('users.table.nextPage') : t('users.table.previousPage'),
                  })}
                  getItemProps={(item) => ({ 'aria-label': t('users.table.page', { page: item }) })}
                />
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Card>

      <UserFormModal
        opened={editing !== null}
        user={editing?.user ?? null}
        currentUserId={me.id}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <ResetPasswordModal
        user={resetting}
        onClose={() => setResetting(null)}
        onDone={(user) => {
          setResetting(null);
          notifications.show({
            color: 'green',
            message: t('users.notices.passwordReset', { name: user.username }),
          });
        }}
      />
      <DeactivateModal
        user={deactivating}
        onClose={() => setDeactivating(null)}
        onDone={(user) => {
          setDeactivating(null);
          notifications.show({
            color: 'green',
            message: t('users.notices.deactivated', { name: user.username }),
          });
          list.reload();
        }}
      />
    </>
  );
}

function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

interface UsersEmptyProps {
  filtered: boolean;
  onClear(): void;
  /** Set when a later page came back empty (rows left the filter meanwhile). */
  onFirstPage: (() => void) | null;
}

function UsersEmpty({ filtered, onClear, onFirstPage }: UsersEmptyProps) {
  const { t } = useTranslation();
  const action = onFirstPage ? (
    <Button variant="light" mih={44} onClick={onFirstPage}>
      {t('users.table.firstPage')}
    </Button>
  ) : filtered ? (
    <Button variant="light" mih={44} onClick={onClear}>
      {t('users.filters.clear')}
    </Button>
  ) : null;
  return (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconUsers size={28} stroke={1.5} />}
      title={
        onFirstPage
          ? t('users.empty.pageTitle')
          : filtered
            ? t('users.empty.filteredTitle')
            : t('users.empty.title')
      }
      description={
        onFirstPage ? undefined : filtered ? t('users.empty.filteredMessage') : t('users.empty.message')
      }
    >
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
