import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SMTP_SECURITY } from '@/domain/notification-channels';
import { ChannelCard } from './channel-card';
import type { ChannelEditorProps } from './channel-editor';
import { channelChanged } from './channel-form';
import { ChannelSecretField } from './channel-secret-field';
import { useSecurityName } from '../labels';

/** The e-mail channel: the SMTP server, its login and the sender address. */
export function EmailChannelCard(editor: ChannelEditorProps) {
  const { t } = useTranslation();
  const securityName = useSecurityName();
  const { form, saved, update, errors, readOnly } = editor;
  return (
    <ChannelCard
      channel="email"
      icon={IconMail}
      enabled={form.email.enabled}
      onEnabledChange={(enabled) =>
        update((current) => ({ ...current, email: { ...current.email, enabled } }))
      }
      unsaved={channelChanged(form, saved, 'email')}
      readOnly={readOnly}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('notifications.admin.smtp.host')}
          placeholder="smtp.example.com"
          value={form.email.host}
          onChange={(event) => {
            const host = event.currentTarget.value;
            update((current) => ({ ...current, email: { ...current.email, host } }));
          }}
          error={errors['email.host']}
          disabled={readOnly}
          spellCheck={false}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={t('notifications.admin.smtp.port')}
            value={form.email.port}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) =>
              update((current) => ({
                ...current,
                email: { ...current.email, port: typeof value === 'number' ? value : 0 },
              }))
            }
            error={errors['email.port']}
            disabled={readOnly}
          />
          <Select
            label={t('notifications.admin.smtp.security')}
            data={SMTP_SECURITY.map((value) => ({
              value,
              label: securityName(value),
            }))}
            value={form.email.security}
            onChange={(value) =>
              value &&
              update((current) => ({
                ...current,
                email: { ...current.email, security: value as typeof current.email.security },
              }))
            }
            allowDeselect={false}
            disabled={readOnly}
          />
        </SimpleGrid>
        <TextInput
          label={t('notifications.admin.smtp.user')}
          value={form.email.user}
          onChange={(event) => {
            const user = event.currentTarget.value;
            update((current) => ({ ...current, email: { ...current.email, user } }));
          }}
          error={errors['email.user']}
          disabled={readOnly}
          autoComplete="off"
          spellCheck={false}
        />
        <ChannelSecretField
          editor={editor}
          field="email.password"
          label={t('notifications.admin.smtp.password')}
          kind="password"
        />
        <TextInput
          label={t('notifications.admin.smtp.sender')}
          description={t('notifications.admin.smtp.senderHint')}
          placeholder="FleetPilot <fleet@example.com>"
          value={form.email.sender}
          onChange={(event) => {
            const sender = event.currentTarget.value;
            update((current) => ({ ...current, email: { ...current.email, sender } }));
          }}
          error={errors['email.sender']}
          disabled={readOnly}
          spellCheck={false}
        />
      </SimpleGrid>
    </ChannelCard>
  );
}
