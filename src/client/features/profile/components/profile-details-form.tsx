import { Alert, Button, Card, Group, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { User } from '@/domain/user';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { updateSessionUser } from '@/client/lib/session/session-store';
import { isNetworkError, serverFieldErrors } from '@/client/lib/api-errors';
import { profileFormValues, updateProfile, type ProfileFormValues } from '../api/update-profile';

const emailFormat = z.email();

/**
 * Name, e-mail, phone and department (PUT /api/profile), with the server's per-field errors. The
 * values start from `user` at mount; the page mounts it once the fresh record is known.
 */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed' | 'offline'>('idle');
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: profileFormValues(user),
    validate: {
      email: (value) =>
        value.trim() && !emailFormat.safeParse(value.trim()).success
          ? t('profile.details.invalidEmail')
          : null,
    },
  });
  const dirty = form.isDirty();
  useUnsavedChanges(dirty);

  const submit = form.onSubmit(async (values) => {
    setStatus('idle');
    form.setSubmitting(true);
    try {
      const updated = await updateProfile(values);
      updateSessionUser(updated);
      const next = profileFormValues(updated);
      form.setInitialValues(next);
      form.setValues(next);
      setStatus('saved');
    } catch (error) {
      form.setErrors(serverFieldErrors(error, t));
      setStatus(isNetworkError(error) ? 'offline' : 'failed');
    } finally {
      form.setSubmitting(false);
    }
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-details-title">
      <Title order={2} size="h4" id="profile-details-title" mb="md">
        {t('profile.details.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            size="md"
            label={t('profile.details.name')}
            autoComplete="name"
            maxLength={120}
            {...form.getInputProps('name')}
          />
          <TextInput
            size="md"
            label={t('profile.details.email')}
            type="email"
            autoComplete="email"
            maxLength={200}
            {...form.getInputProps('email')}
          />
          <TextInput
            size="md"
            label={t('profile.details.phone')}
            type="tel"
            autoComplete="tel"
            maxLength={40}
            {...form.getInputProps('phone')}
          />
          <TextInput
            size="md"
            label={t('profile.details.department')}
            autoComplete="organization-title"
            maxLength={120}
            {...form.getInputProps('department')}
          />
        </SimpleGrid>
        {status === 'saved' && !dirty ? (
          <Alert color="green" mt="md" role="status">
            {t('profile.details.saved')}
          </Alert>
        ) : null}
        {status === 'failed' || status === 'offline' ? (
          <Alert color="red" mt="md" role="alert">
            {status === 'offline' ? t('profile.offline') : t('profile.details.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            mih={44}
            disabled={!dirty || form.submitting}
            onClick={() => form.reset()}
          >
            {t('profile.details.reset')}
          </Button>
          <Button type="submit" mih={44} loading={form.submitting} disabled={!dirty}>
            {t('profile.details.save')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
