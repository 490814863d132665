import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFeatureEnabled } from '@/domain/features';
import { can } from '@/domain/permissions';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { loadSettings, useSettings } from '@/client/lib/session/settings-store';
import { LeaveGuard } from './components/leave-guard';
import { SaveStatus, useSaveStatus } from './components/save-status';
import { SettingsEditingContext, type SettingsEditing } from './editing-context';
import { SETTINGS_SECTIONS, type SettingsSection } from './sections';

export { SETTINGS_SECTIONS, type SettingsSection } from './sections';

interface SettingsPageProps {
  /** The sections in order. @default SETTINGS_SECTIONS */
  sections?: readonly SettingsSection[];
}

/**
 * /settings (admin only): one section at a time, chosen in a side list (a tab row on narrow
 * screens) and kept in the URL hash, so /settings#features opens Features. A section opened once
 * stays mounted, so switching sections never loses input; leaving the page with unsaved input asks.
 */
export function SettingsPage({ sections = SETTINGS_SECTIONS }: SettingsPageProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { settings, error } = useSettings();
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const wide = useMediaQuery('(min-width: 62em)');

  const visible = sections.filter((section) => isFeatureEnabled(settings.features, section.feature));
  const active = visible.find((section) => section.id === hash)?.id ?? visible[0]?.id ?? null;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());

  const [dirtySections, setDirtySections] = useState<ReadonlySet<string>>(() => new Set());
  const setDirty = useCallback((id: string, dirty: boolean) => {
    setDirtySections((current) => {
      if (current.has(id) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const readOnly = !can(user, 'settings:write');
  const editing = useMemo<SettingsEditing>(() => ({ readOnly, setDirty }), [readOnly, setDirty]);
  const dirty = dirtySections.size > 0;
  const status = useSaveStatus(dirty);

  const open = (id: string | null) => {
    if (!id || id === active) return;
    setOpened((current) => new Set([...current, ...(active ? [active] : []), id]));
    // The page stays where it is: the section list sits next to (or above) the sections.
    void navigate({ to: '/settings', hash: id, replace: true, hashScrollIntoView: false });
  };

  return (
    <SettingsEditingContext.Provider value={editing}>
      <PageHeader
        title={t('nav.settings')}
        description={t('shell.pages.settings')}
        actions={readOnly ? null : <SaveStatus state={status} />}
      />
      {error !== null ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} mb="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{error || t('errors.settingsLoad')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void loadSettings()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Tabs
        value={active}
        onChange={open}
        orientation={wide ? 'vertical' : 'horizontal'}
        variant="pills"
        radius="md"
        activateTabWithKeyboard={false}
      >
        <Tabs.List
          aria-label={t('settings.sections')}
          mb={wide ? 0 : 'md'}
          mr={wide ? 'lg' : 0}
          miw={wide ? 220 : undefined}
          style={
            wide
              ? { alignSelf: 'flex-start', position: 'sticky', top: 76 }
              : { flexWrap: 'nowrap', overflowX: 'auto' }
          }
        >
          {visible.map((section) => (
            <Tabs.Tab key={section.id} value={section.id} leftSection={<section.icon size={18} />} mih={44}>
              {t(section.title)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {visible.map((section) => (
          <Tabs.Panel key={section.id} value={section.id} style={{ minWidth: 0, flex: 1 }}>
            {section.id === active || opened.has(section.id) ? (
              <SectionFrame section={section} active={section.id === active} />
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <LeaveGuard dirty={dirty} />
    </SettingsEditingContext.Provider>
  );
}

function SectionFrame({ section, active }: { section: SettingsSection; active: boolean }) {
  const { t } = useTranslation();
  const Content = section.component;
  const headingId = `settings-${section.id}-title`;
  return (
    <Stack
      component="section"
      id={section.id}
      aria-labelledby={headingId}
      data-active={active || undefined}
      gap="md"
      style={{ scrollMarginTop: 80 }}
    >
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t(section.title)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(section.description)}
        </Text>
      </div>
      <Content />
    </Stack>
  );
}
