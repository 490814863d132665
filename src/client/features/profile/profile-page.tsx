import { Badge, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isViewOnlyRole } from '@/domain/roles';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { ChangePasswordCard } from './components/change-password-card';
import { ProfileDetailsForm } from './components/profile-details-form';
import { ProfileImageCard } from './components/profile-image-card';
import { SignatureCard } from './components/signature-card';
import { useProfileRefresh } from './use-profile-refresh';

/** /profile: the signed-in user's own details, image, signature and password (any role). */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const ready = useProfileRefresh();
  const roleLabel = isViewOnlyRole(user.role)
    ? t('shell.user.viewOnly', { role: user.role })
    : t(`shell.roles.${user.role.toLowerCase()}`);

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={1}>{t('profile.title')}</Title>
          <Text c="dimmed">{t('profile.subtitle')}</Text>
        </div>
        <Group gap="xs">
          <Text fw={500} data-testid="profile-username">
            {user.username}
          </Text>
          <Badge variant="light" size="lg" tt="none" data-testid="profile-role">
            {roleLabel}
          </Badge>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileImageCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {ready ? (
            <ProfileDetailsForm user={user} />
          ) : (
            <Card withBorder padding="lg" radius="md" aria-busy="true">
              <Skeleton h={24} w="40%" mb="md" />
              <Skeleton h={212} />
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SignatureCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ChangePasswordCard />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
