import { Alert, Box, Collapse, Divider, Group, ScrollArea, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconStarFilled } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FAVORITES_MAX } from '@/domain/constants';
import { isFeatureEnabled } from '@/domain/features';
import {
  groupNavItems,
  NAV_GROUPS,
  navItemForPath,
  type NavGroup,
  type NavItem,
  type NavKey,
} from '@/domain/navigation/nav-items';
import { useNavBadges, useNavPulses } from '../nav/nav-badges';
import { useFavorites } from '../nav/use-favorites';
import { useVisibleNav } from '../nav/use-visible-nav';
import { recentsList } from '../nav/user-lists';
import { LanguagePicker } from '../language-picker';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { useSettingsSection } from '@/client/lib/session/settings-store';
import { useStoredValue } from '@/client/lib/use-stored-value';
import { ThemeSwitch } from '../theme/theme-switch';
import { NavRow } from './nav-row';
import classes from './sidebar.module.css';
import { UserMenu } from './user-menu';

interface NavContentProps {
  /** Narrow sidebar: icons only. */
  compact: boolean;
  /** Called after a navigation link is followed (closes the mobile menu). */
  onNavigate?: () => void;
}

/** The groups the user folded away, kept on the device. */
const COLLAPSED_GROUPS_KEY = 'fleetpilot:nav-collapsed-groups';
const NO_GROUPS: NavGroup[] = [];
const isNavGroupList = (value: unknown): value is NavGroup[] =>
  Array.isArray(value) && value.every((group) => (NAV_GROUPS as readonly unknown[]).includes(group));

function byKeys(items: readonly NavItem[], keys: readonly NavKey[]): NavItem[] {
  return keys.flatMap((key) => items.filter((item) => item.key === key));
}

/**
 * The navigation of the signed-in shell (sidebar and mobile menu): Recent, Favorites, the groups
 * Operations / Insights / Admin, then the user menu, language and theme.
 */
export function NavContent({ compact, onNavigate }: NavContentProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const features = useSettingsSection('features');
  const items = useVisibleNav();
  const badges = useNavBadges();
  const pulses = useNavPulses();
  const pathname = useLocation({ select: (location) => location.pathname });
  const activeKey = navItemForPath(pathname)?.key ?? null;
  const { favorites, toggle, limitMessage } = useFavorites(user.id);
  const recentKeys = recentsList.use(user.id);
  const recentsEnabled = isFeatureEnabled(features, 'recentsEnabled');
  const [collapsedGroups, setCollapsedGroups] = useStoredValue(
    COLLAPSED_GROUPS_KEY,
    NO_GROUPS,
    isNavGroupList,
  );

  const row = (item: NavItem, section: string) => (
    <NavRow
      key={`${section}-${item.key}`}
      item={item}
      active={activeKey === item.key}
      compact={compact}
      badge={badges[item.key]}
      pulse={pulses.includes(item.key)}
      favorite={favorites.includes(item.key)}
      onToggleFavorite={() => toggle(item.key)}
      onNavigate={onNavigate}
    />
  );

  const recent = recentsEnabled ? byKeys(items, recentKeys) : [];
  const favoriteItems = byKeys(items, favorites);
  const groups = groupNavItems(items);

  return (
    <Stack h="100%" gap={0}>
      <ScrollArea style={{ flex: 1 }} type="hover" scrollbarSize={6}>
        <Stack gap={compact ? 4 : 'sm'} p={compact ? 6 : 'sm'}>
          {!compact && recent.length > 0 ? (
            <Box component="section" aria-label={t('shell.nav.recent')} data-testid="nav-recent">
              <div className={classes.sectionTitle}>{t('shell.nav.recent')}</div>
              {recent.map((item) => row(item, 'recent'))}
            </Box>
          ) : null}
          {!compact && favoriteItems.length > 0 ? (
            <Box component="section" aria-label={t('shell.nav.favorites')} data-testid="nav-favorites">
              <div className={classes.sectionTitle}>
                <span>{t('shell.nav.favorites')}</span>
                <IconStarFilled size={12} />
              </div>
              {favoriteItems.map((item) => row(item, 'favorite'))}
            </Box>
          ) : null}
          {limitMessage ? (
            <Alert color="yellow" variant="light" role="status" p="xs" fz="sm">
              {t('shell.nav.favoritesLimit', { max: FAVORITES_MAX })}
            </Alert>
          ) : null}
          {groups.map(({ group, items: groupItems }, index) => {
            const collapsed = !compact && collapsedGroups.includes(group);
            const title = t(`nav.groups.${group}`);
            return (
              <Box component="section" key={group} aria-label={title} data-testid={`nav-group-${group}`}>
                {compact ? (
                  index > 0 ? (
                    <Divider my={4} />
                  ) : null
                ) : (
                  <UnstyledButton
                    className={classes.sectionTitle}
                    aria-expanded={!collapsed}
                    onClick={() =>
                      setCollapsedGroups((current) =>
                        current.includes(group)
                          ? current.filter((entry) => entry !== group)
                          : [...current, group],
                      )
                    }
                  >
                    <span>{title}</span>
                    <IconChevronDown size={14} className={classes.chevron} data-collapsed={collapsed} />
                  </UnstyledButton>
                )}
                <Collapse expanded={!collapsed}>{groupItems.map((item) => row(item, group))}</Collapse>
              </Box>
            );
          })}
        </Stack>
      </ScrollArea>
      <Stack gap="xs" p={compact ? 6 : 'sm'} className={classes.bottom}>
        <UserMenu compact={compact} />
        <Group gap="xs" justify={compact ? 'center' : 'space-between'} wrap={compact ? 'wrap' : 'nowrap'}>
          <LanguagePicker compact={compact} />
          <ThemeSwitch hiddenFrom="sm" />
        </Group>
      </Stack>
    </Stack>
  );
}
