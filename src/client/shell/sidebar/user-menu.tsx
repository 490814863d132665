import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronUp, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isViewOnlyRole } from '@/domain/roles';
import { uploadUrl } from '../../api/uploads';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { useLogout } from '../session/use-logout';

/** The signed-in user with a menu: view profile, logout. Read-only roles see their role as view only. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const name = user.name || user.username;
  const viewOnly = isViewOnlyRole(user.role);
  const roleLabel = viewOnly
    ? t('shell.user.viewOnly', { role: user.role })
    : t(`shell.roles.${user.role.toLowerCase()}`);
  return (
    <Menu position={compact ? 'right-end' : 'top'} width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          // Wide, the button is named by what it shows (name and role); narrow, it shows only the avatar.
          aria-label={compact ? t('shell.user.menu', { name }) : undefined}
          style={{ width: '100%', borderRadius: 'var(--mantine-radius-md)', padding: compact ? 4 : 8 }}
        >
          <Group gap="sm" wrap="nowrap" justify={compact ? 'center' : 'flex-start'}>
            <Avatar
              src={uploadUrl(user.profileImage)}
              radius="xl"
              size={36}
              color="fleet"
              // Initials only where they are the button's only content (the narrow sidebar); beside the
              // written name they would be words on screen that the button's name does not say.
              name={compact ? name : undefined}
            />
            {compact ? null : (
              <>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate data-testid="user-role">
                    {roleLabel}
                  </Text>
                </div>
                <IconChevronUp size={16} />
              </>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {compact ? <Menu.Label>{name}</Menu.Label> : null}
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('shell.user.viewProfile')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          {t('shell.user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
