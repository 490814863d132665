import { Button, Text } from '@mantine/core';
import { IconArrowLeft, IconHome, IconPlugConnectedX, IconSettings } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isFeatureEnabled } from '@/domain/features';
import type { PageKey } from '@/domain/navigation/guards';
import { isAdmin } from '@/domain/permissions';
import { useSession } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { StatusPage } from './status-page';

/** Pages with their own disabled texts; the others use the generic text with the page name. */
const OWN_TEXTS: ReadonlySet<PageKey> = new Set(['analytics', 'inventory', 'users', 'settings']);

/** Replaces a page whose feature flag is explicitly false. */
export function DisabledFeaturePage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const router = useRouter();
  const { user } = useSession();
  const { settings } = useSettings();
  const admin = isAdmin(user);
  const canOpenSettings = admin && page !== 'settings' && isFeatureEnabled(settings.features, 'settings');
  const own = OWN_TEXTS.has(page);
  const feature = t(`nav.${page}`);
  return (
    <StatusPage
      icon={<IconPlugConnectedX size={38} />}
      color="gray"
      title={own ? t(`disabled.${page}.title`) : t('disabled.generic.title', { feature })}
      message={own ? t(`disabled.${page}.message`) : t('disabled.generic.message', { feature })}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
            onClick={() =>
              window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/' })
            }
          >
            {t('common.goBack')}
          </Button>
          <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
            {t('common.goToDashboard')}
          </Button>
          {canOpenSettings ? (
            <Button
              component={Link}
              to="/settings"
              hash="features"
              variant="light"
              leftSection={<IconSettings size={18} />}
            >
              {t('disabled.openSettings')}
            </Button>
          ) : null}
        </>
      }
    >
      <Text size="sm" fw={600} tt="uppercase" c="dimmed">
        {t('disabled.badge')}
      </Text>
      {canOpenSettings ? (
        <Text size="sm" c="dimmed" data-testid="disabled-admin-hint">
          {t('disabled.adminHint')}
        </Text>
      ) : null}
    </StatusPage>
  );
}
