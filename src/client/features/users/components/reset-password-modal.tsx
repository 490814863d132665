import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordSchema, type User } from '@/domain/user';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { refusalMessage } from '../api/refusals';
import { resetPassword } from '../api/reset-password';

interface ResetPasswordModalProps {
  user: User | null;
  onClose(): void;
  onDone(user: User): void;
}

/** An admin sets a new password for someone; their open sessions end (PUT /api/users/{id}/password). */
export function ResetPasswordModal({ user, onClose, onDone }: ResetPasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!user}
      onClose={onClose}
      title={user ? t('users.reset.title', { name: user.name || user.username }) : ''}
      closeButtonProps={{ 'aria-label': t('users.close') }}
    >
      {user ? <ResetPasswordForm key={user.id} user={user} onCancel={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

interface Values {
  password: string;
  confirm: string;
}

function ResetPasswordForm({
  user,
  onCancel,
  onDone,
}: {
  user: User;
  onCancel(): void;
  onDone(user: User): void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => (passwordSchema.safeParse(value).success ? null : t('users.form.errors.password')),
      confirm: (value, values) => (value === values.password ? null : t('users.reset.mismatch')),
    },
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async ({ password }) => {
    setFailure(null);
    form.setSubmitting(true);
    try {
      const updated = await resetPassword(user.id, password);
      form.resetDirty();
      onDone(updated);
    } catch (error) {
      setFailure(refusalMessage(error, t, t('users.reset.failed')));
    } finally {
      form.setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('users.reset.explanation')}
        </Text>
        <PasswordInput
          size="md"
          label={t('users.reset.password')}
          description={t('users.form.passwordHint')}
          autoComplete="new-password"
          data-autofocus
          {...form.getInputProps('password')}
        />
        <PasswordInput
          size="md"
          label={t('users.reset.confirm')}
          autoComplete="new-password"
          {...form.getInputProps('confirm')}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onCancel} disabled={form.submitting}>
            {t('users.form.cancel')}
          </Button>
          <Button type="submit" mih={44} loading={form.submitting}>
            {t('users.reset.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
