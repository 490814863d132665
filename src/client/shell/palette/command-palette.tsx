import '@mantine/spotlight/styles.css';
import { Kbd, Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { IconLogout, IconMoonStars, IconSearch, IconSettings, type Icon } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchPaletteEntries, type PaletteActionKey } from '@/domain/navigation/palette';
import { NAV_ICONS } from '../nav/nav-icons';
import { useSession } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { useLogout } from '../session/use-logout';
import { ShortcutsLegendList } from '../shortcuts/shortcuts-legend';
import { requestThemeToggle } from '../theme/color-scheme';
import { buildPaletteEntries, type TranslatedPaletteEntry } from './palette-entries';
import { paletteStore } from './palette-store';

const ACTION_ICONS: Record<PaletteActionKey, Icon> = {
  'open-settings': IconSettings,
  'toggle-theme': IconMoonStars,
  logout: IconLogout,
};

/** Consecutive entries under their group title, order kept. */
function groupEntries(
  entries: TranslatedPaletteEntry[],
): Array<{ group: string; entries: TranslatedPaletteEntry[] }> {
  const groups: Array<{ group: string; entries: TranslatedPaletteEntry[] }> = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last && last.group === entry.group) last.entries.push(entry);
    else groups.push({ group: entry.group, entries: [entry] });
  }
  return groups;
}

/**
 * Command palette: navigation entries and actions searched by title or group, at most 30
 * results, filtered by role and flags. Opened by Ctrl/Cmd+K or "/" (see useGlobalShortcuts).
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const router = useRouter();
  const { user } = useSession();
  const { settings } = useSettings();
  const logout = useLogout();
  const [query, setQuery] = useState('');

  const entries = useMemo(
    () => buildPaletteEntries(t, user, settings.features),
    [t, user, settings.features],
  );
  const groups = useMemo(() => groupEntries(searchPaletteEntries(entries, query)), [entries, query]);

  const run = (entry: TranslatedPaletteEntry) => {
    const target = entry.target;
    if (target.kind === 'nav') void router.navigate({ to: target.item.href });
    else if (target.action === 'open-settings') void router.navigate({ to: '/settings' });
    else if (target.action === 'toggle-theme') requestThemeToggle();
    else logout();
  };

  return (
    <Spotlight.Root store={paletteStore} shortcut={null} query={query} onQueryChange={setQuery}>
      <Spotlight.Search
        leftSection={<IconSearch size={20} stroke={1.6} />}
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.placeholder')}
      />
      <Spotlight.ActionsList mah="min(420px, calc(100dvh - 22rem))">
        {groups.map(({ group, entries: items }) => (
          <Spotlight.ActionsGroup key={group} label={group}>
            {items.map((entry) => {
              const target = entry.target;
              const Icon = target.kind === 'nav' ? NAV_ICONS[target.item.icon] : ACTION_ICONS[target.action];
              return (
                <Spotlight.Action
                  key={entry.id}
                  label={entry.title}
                  leftSection={<Icon size={20} stroke={1.7} />}
                  onClick={() => run(entry)}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        ))}
        {groups.length === 0 ? <Spotlight.Empty>{t('palette.nothingFound')}</Spotlight.Empty> : null}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs" c="dimmed" mb={6}>
          <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">K</Kbd> / <Kbd size="xs">/</Kbd> {t('palette.openHint')}{' '}
          · <Kbd size="xs">Esc</Kbd> {t('palette.closeHint')} · <Kbd size="xs">?</Kbd> {t('shortcuts.title')}
        </Text>
        <ShortcutsLegendList compact />
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
