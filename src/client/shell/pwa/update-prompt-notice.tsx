import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate } from './service-worker-registration';
import { hasUnsavedChanges, useHasUnsavedChanges } from '@/client/lib/unsaved-changes';

/**
 * "A new version is available" with Reload. With unsaved input on the page it asks first, so a new
 * version never silently discards what someone typed. Shown by UpdatePrompt (update-prompt.tsx).
 */
export function UpdatePromptNotice() {
  const { t } = useTranslation();
  const unsaved = useHasUnsavedChanges();
  const [confirming, setConfirming] = useState(false);

  const later = () => {
    setConfirming(false);
    dismissUpdate();
  };
  const reload = () => {
    if (hasUnsavedChanges() && !confirming) {
      setConfirming(true);
      return;
    }
    void applyUpdate();
  };
  const asking = confirming && unsaved;

  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Notification
        role="alertdialog"
        aria-live="polite"
        aria-label={t('pwa.update.title')}
        icon={<IconRefresh size={18} />}
        color={asking ? 'orange' : 'blue'}
        title={t('pwa.update.title')}
        withCloseButton={false}
        withBorder
        maw={380}
        data-testid="pwa-update"
      >
        <Text size="sm" mb="sm">
          {asking ? t('pwa.update.unsaved') : t('pwa.update.message')}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="sm" mih={44} onClick={later}>
            {asking ? t('pwa.update.keepEditing') : t('pwa.update.later')}
          </Button>
          <Button size="sm" mih={44} color={asking ? 'orange' : undefined} onClick={reload}>
            {asking ? t('pwa.update.reloadAnyway') : t('pwa.update.reload')}
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
