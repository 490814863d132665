import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDots, IconKey, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isViewOnlyRole } from '@/domain/roles';
import type { User } from '@/domain/user';
import { formatDateTime } from '../format-date';
import { roleLabel } from '../role-label';

/** Badges keep their whole text; a narrow screen scrolls the table instead. */
const NO_SHRINK = { minWidth: 'max-content' } as const;

interface UsersTableProps {
  users: readonly User[];
  /** The signed-in admin: their own account cannot be deactivated here. */
  currentUserId: string;
  /** False for anybody who may not manage users: no editing controls at all. */
  canManage: boolean;
  /** A row whose reactivation is running. */
  busyId: string | null;
  onEdit(user: User): void;
  onResetPassword(user: User): void;
  onDeactivate(user: User): void;
  onReactivate(user: User): void;
}

/** Users with role, department, status and last login; row actions in a menu. */
export function UsersTable(props: UsersTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('users.table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.fields.user')}</Table.Th>
            <Table.Th>{t('users.fields.role')}</Table.Th>
            <Table.Th>{t('users.fields.department')}</Table.Th>
            <Table.Th>{t('users.fields.status')}</Table.Th>
            <Table.Th>{t('users.fields.lastLogin')}</Table.Th>
            {props.canManage ? (
              <Table.Th>
                <VisuallyHidden>{t('users.table.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.users.map((user) => (
            <UserRow key={user.id} user={user} {...props} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserRow({ user, ...props }: UsersTableProps & { user: User }) {
  const { t } = useTranslation();
  const self = user.id === props.currentUserId;
  const name = user.name || user.username;
  return (
    <Table.Tr data-user={user.username} data-active={user.active} c={user.active ? undefined : 'dimmed'}>
      <Table.Td>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm">
              {user.name || '—'}
            </Text>
            {self ? (
              <Badge size="xs" variant="light" style={NO_SHRINK}>
                {t('users.table.you')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {user.username}
          </Text>
          {user.email ? (
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          tt="none"
          color={isViewOnlyRole(user.role) ? 'gray' : 'fleet'}
          style={NO_SHRINK}
        >
          {roleLabel(t, user.role)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.department || '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="dot" color={user.active ? 'green' : 'gray'} tt="none" style={NO_SHRINK}>
          {user.active ? t('users.status.active') : t('users.status.inactive')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.lastLogin ? formatDateTime(user.lastLogin) : t('users.table.never')}</Text>
      </Table.Td>
      {props.canManage ? (
        <Table.Td>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Tooltip label={t('users.actions.edit')}>
              <ActionIcon
                variant="subtle"
                size={40}
                aria-label={t('users.actions.editUser', { name })}
                onClick={() => props.onEdit(user)}
              >
                <IconPencil size={20} />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal shadow="md" width={260}>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  size={40}
                  aria-label={t('users.actions.more', { name })}
                  loading={props.busyId === user.id}
                >
                  <IconDots size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconKey size={16} />} onClick={() => props.onResetPassword(user)}>
                  {t('users.actions.resetPassword')}
                </Menu.Item>
                {user.active ? (
                  <Menu.Item
                    color="red"
                    leftSection={<IconUserOff size={16} />}
                    disabled={self}
                    onClick={() => props.onDeactivate(user)}
                  >
                    {t('users.actions.deactivate')}
                    {self ? (
                      <Text size="xs" c="dimmed">
                        {t('users.self.cannotDeactivate')}
                      </Text>
                    ) : null}
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    leftSection={<IconUserCheck size={16} />}
                    onClick={() => props.onReactivate(user)}
                  >
                    {t('users.actions.reactivate')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
