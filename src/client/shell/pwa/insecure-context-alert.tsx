import { Alert, Anchor, Text } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SETUP_PATH } from '@/domain/setup';

/**
 * Shown by InsecureContextBanner (insecure-context-banner.tsx) on every screen while the app runs without HTTPS on another machine: the browser then allows
 * no service worker (no offline start), no installing and no notifications. It cannot be closed — the
 * way out is the setup page. The link leaves the app on purpose: the server serves that page.
 */
export function InsecureContextAlert() {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconShieldOff size={20} />}
      title={t('pwa.insecure.title')}
      // Polite: it is there on every screen, not news that should interrupt a screen reader each time.
      role="status"
      radius="md"
      mb="md"
      data-testid="insecure-context-banner"
    >
      <Text size="sm">{t('pwa.insecure.banner')}</Text>
      <Anchor href={SETUP_PATH} size="sm" fw={600} mt={6} display="inline-block" py={6}>
        {t('pwa.insecure.link')}
      </Anchor>
    </Alert>
  );
}
