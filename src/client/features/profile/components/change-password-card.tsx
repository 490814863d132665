import { Alert, Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '@/domain/user';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { updateSessionUser } from '@/client/lib/session/session-store';
import { changePassword } from '../api/change-password';
import { isNetworkError, serverFieldErrors } from '@/client/lib/api-errors';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Own password (PUT /api/auth/password): "Password changed successfully" / "Failed to change password". */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'idle' | 'changed' | 'failed' | 'offline'>('idle');
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      currentPassword: (value) => (value ? null : t('profile.password.required')),
      newPassword: (value, values) => {
        if (!passwordSchema.safeParse(value).success) return t('profile.password.tooShort');
        return value === values.currentPassword ? t('profile.password.sameAsCurrent') : null;
      },
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : t('profile.password.mismatch'),
    },
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setStatus('idle');
    form.setSubmitting(true);
    try {
      const user = await changePassword(currentPassword, newPassword);
      if (user) updateSessionUser(user);
      form.reset();
      setStatus('changed');
    } catch (error) {
      const fields = serverFieldErrors(error, t);
      if (fields.currentPassword) fields.currentPassword = t('profile.password.wrongCurrent');
      form.setErrors(fields);
      setStatus(isNetworkError(error) ? 'offline' : 'failed');
    } finally {
      form.setSubmitting(false);
    }
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-password-title">
      <Title order={2} size="h4" id="profile-password-title" mb="md">
        {t('profile.password.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            size="md"
            label={t('profile.password.current')}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            size="md"
            label={t('profile.password.new')}
            description={t('profile.password.rule')}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            size="md"
            label={t('profile.password.confirm')}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          {status === 'changed' ? (
            <Alert color="green" role="status">
              {t('profile.password.changed')}
            </Alert>
          ) : null}
          {status === 'failed' || status === 'offline' ? (
            <Alert color="red" role="alert">
              {status === 'offline' ? t('profile.offline') : t('profile.password.failed')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" mih={44} loading={form.submitting}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
