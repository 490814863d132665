import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@/domain/permissions';
import type { User } from '@/domain/user';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { createUser } from '../api/create-user';
import { refusalMessage } from '../api/refusals';
import { updateUser } from '../api/update-user';
import { knownRoleOptions } from '../role-label';
import {
  OTHER_ROLE,
  toCreatePayload,
  toUpdatePayload,
  userFormServerErrors,
  userFormValues,
  validateUserForm,
  type UserFormValues,
} from '../user-form';

interface UserFormModalProps {
  opened: boolean;
  /** The user to edit; null creates a new one. */
  user: User | null;
  /** The signed-in admin: they cannot take away their own admin role. */
  currentUserId: string;
  onClose(): void;
  onSaved(user: User, created: boolean): void;
}

/** Create or edit a user in a modal: per-field errors from the domain schema and from the server. */
export function UserFormModal({ opened, user, currentUserId, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        user ? t('users.form.editTitle', { name: user.name || user.username }) : t('users.form.createTitle')
      }
      closeButtonProps={{ 'aria-label': t('users.close') }}
    >
      {opened ? (
        <UserForm
          key={user?.id ?? 'new'}
          user={user}
          ownAdminAccount={!!user && user.id === currentUserId && isAdmin(user)}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

interface UserFormProps {
  user: User | null;
  ownAdminAccount: boolean;
  onCancel(): void;
  onSaved(user: User, created: boolean): void;
}

function UserForm({ user, ownAdminAccount, onCancel, onSaved }: UserFormProps) {
  const { t } = useTranslation();
  const mode = user ? 'edit' : 'create';
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: userFormValues(user),
    validate: (values) => validateUserForm(values, mode, t),
  });
  useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    form.setSubmitting(true);
    try {
      const saved = user
        ? await updateUser(user.id, toUpdatePayload(values))
        : await createUser(toCreatePayload(values));
      form.resetDirty();
      onSaved(saved, !user);
    } catch (error) {
      const fields = userFormServerErrors(error, values, t);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0)
        setFailure(
          refusalMessage(error, t, user ? t('users.form.saveFailed') : t('users.form.createFailed')),
        );
    } finally {
      form.setSubmitting(false);
    }
  });

  const roleChoice = form.getValues().roleChoice;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            size="md"
            label={t('users.fields.username')}
            withAsterisk
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            data-autofocus
            {...form.getInputProps('username')}
          />
          <TextInput
            size="md"
            label={t('users.fields.name')}
            autoComplete="off"
            maxLength={120}
            {...form.getInputProps('name')}
          />
          <TextInput
            size="md"
            label={t('users.fields.email')}
            type="email"
            autoComplete="off"
            maxLength={200}
            {...form.getInputProps('email')}
          />
          <TextInput
            size="md"
            label={t('users.fields.phone')}
            type="tel"
            autoComplete="off"
            maxLength={40}
            {...form.getInputProps('phone')}
          />
          <TextInput
            size="md"
            label={t('users.fields.department')}
            autoComplete="off"
            maxLength={120}
            {...form.getInputProps('department')}
          />
          <Select
            size="md"
            label={t('users.fields.role')}
            withAsterisk
            allowDeselect={false}
            data={[...knownRoleOptions(t), { value: OTHER_ROLE, label: t('users.form.roleOther') }]}
            disabled={ownAdminAccount}
            description={ownAdminAccount ? t('users.self.ownRole') : undefined}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('roleChoice')}
          />
          {roleChoice === OTHER_ROLE ? (
            <TextInput
              size="md"
              label={t('users.form.customRole')}
              description={t('users.form.customRoleHint')}
              withAsterisk
              maxLength={40}
              {...form.getInputProps('customRole')}
            />
          ) : null}
          {mode === 'create' ? (
            <PasswordInput
              size="md"
              label={t('users.fields.password')}
              description={t('users.form.passwordHint')}
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
          ) : null}
        </SimpleGrid>
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
            {user ? t('users.form.save') : t('users.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
