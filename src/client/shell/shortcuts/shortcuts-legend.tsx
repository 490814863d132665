import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { availableShortcuts } from '@/domain/navigation/shortcuts';
import { useSession } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { legendStore } from './legend-store';
import { useStore } from '@/client/lib/store';

/** The g-shortcuts the current user may use, as "g d — Dashboard" rows. */
export function ShortcutsLegendList({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { settings } = useSettings();
  const shortcuts = availableShortcuts(user, settings.features);
  const Layout = compact ? Group : Stack;
  return (
    <Layout
      gap={compact ? 'md' : 'xs'}
      style={compact ? { rowGap: 4 } : undefined}
      data-testid="shortcuts-legend"
    >
      {shortcuts.map((shortcut) => (
        <Group key={shortcut.key} gap={6} wrap="nowrap">
          <Kbd size="xs">g</Kbd>
          <Kbd size="xs">{shortcut.key}</Kbd>
          <Text size={compact ? 'xs' : 'sm'} c={compact ? 'dimmed' : undefined}>
            {t(shortcut.name)}
          </Text>
        </Group>
      ))}
    </Layout>
  );
}

/** Keyboard help opened with "?": the palette keys and the g-shortcuts. */
export function ShortcutsLegend() {
  const { t } = useTranslation();
  const opened = useStore(legendStore);
  return (
    <Modal opened={opened} onClose={() => legendStore.set(false)} title={t('shortcuts.title')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('shortcuts.intro')}
        </Text>
        <Group gap={6}>
          <Kbd>Ctrl</Kbd>+<Kbd>K</Kbd>
          <Text size="sm">/</Text>
          <Kbd>/</Kbd>
          <Text size="sm">{t('shortcuts.palette')}</Text>
        </Group>
        <ShortcutsLegendList />
      </Stack>
    </Modal>
  );
}
