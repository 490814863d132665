import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Stands in for a page while its data or settings load, roughly the shape of a page header and list.
 * At least a screen high: the footer below it stays out of view until the page is there, instead of
 * showing under the short skeleton and jumping down when the page replaces it (on a slow tablet the
 * dashboard's first load showed it for a moment, a layout shift of 0.42 on a phone).
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      role="status"
      gap="md"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="page-skeleton"
      mih="100dvh"
    >
      <Skeleton height={34} width="40%" radius="sm" />
      <Skeleton height={18} width="65%" radius="sm" />
      <Skeleton height={120} radius="md" mt="sm" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}
