import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFeatureEnabled, type FeatureFlag } from '@/domain/features';
import { useSettings } from '@/client/lib/session/settings-store';
import { settingsErrorMessage } from '../api/settings-errors';
import { toggleFeature } from '../api/toggle-feature';
import { useSettingsEditing } from '../editing-context';
import { FLAG_GROUPS } from '../feature-flags';

/**
 * Features: one switch per flag. A switch takes effect at once for everybody (navigation, pages and
 * the API); a failure puts it back and says so.
 */
export function FeaturesSection() {
  const { t } = useTranslation();
  const { readOnly } = useSettingsEditing();
  const { settings } = useSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmSettingsOff, setConfirmSettingsOff] = useState(false);

  const toggle = async (flag: FeatureFlag, on: boolean) => {
    setFailure(null);
    const result = await toggleFeature(flag, on);
    if (result.ok === false) setFailure(settingsErrorMessage(result.error, t));
  };
  const onChange = (flag: FeatureFlag, on: boolean) => {
    // Switching Settings off takes this very page away, so it is confirmed first.
    if (flag === 'settings' && !on) setConfirmSettingsOff(true);
    else void toggle(flag, on);
  };

  return (
    <Stack gap="lg">
      {failure ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      {FLAG_GROUPS.map((group) => (
        <Stack key={group.title} gap="xs">
          <Title order={3} size="h5" c="dimmed" tt="uppercase">
            {t(group.title)}
          </Title>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            {group.flags.map(({ flag, description }) => {
              const on = isFeatureEnabled(settings.features, flag);
              return (
                <Paper key={flag} withBorder radius="md" p="md" data-flag={flag}>
                  <Switch
                    size="md"
                    checked={on}
                    disabled={readOnly}
                    onChange={(event) => onChange(flag, event.currentTarget.checked)}
                    label={t(`shell.features.${flag}`)}
                    aria-label={t(`shell.features.${flag}`)}
                    description={t(description)}
                    styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { flex: 1 } }}
                    labelPosition="left"
                  />
                </Paper>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
      <Modal
        opened={confirmSettingsOff}
        onClose={() => setConfirmSettingsOff(false)}
        title={t('settings.features.settingsOff.title')}
        closeButtonProps={{ 'aria-label': t('settings.close') }}
      >
        <Text mb="lg">{t('settings.features.settingsOff.message')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={() => setConfirmSettingsOff(false)} data-autofocus>
            {t('settings.features.settingsOff.cancel')}
          </Button>
          <Button
            color="red"
            mih={44}
            onClick={() => {
              setConfirmSettingsOff(false);
              void toggle('settings', false);
            }}
          >
            {t('settings.features.settingsOff.confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
