import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/client/lib/session/settings-store';
import { NavContent } from './sidebar/nav-content';

/** The navigation as a drawer on phones and tablets in portrait (below the `md` breakpoint). */
export function MobileMenu({
  opened,
  onClose,
  width,
}: {
  opened: boolean;
  onClose: () => void;
  width: number;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      hiddenFrom="md"
      size={width}
      padding={0}
      title={settings.app.name}
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-md)' },
        body: { height: 'calc(100% - 60px)' },
      }}
      closeButtonProps={{ 'aria-label': t('shell.nav.closeMenu') }}
    >
      <nav aria-label={t('shell.nav.label')} style={{ height: '100%' }}>
        <NavContent compact={false} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
