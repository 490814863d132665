import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stands in for a page while its data or settings load, roughly the shape of a page header and list. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      role="status"
      gap="md"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="page-skeleton"
    >
      <Skeleton height={34} width="40%" radius="sm" />
      <Skeleton height={18} width="65%" radius="sm" />
      <Skeleton height={120} radius="md" mt="sm" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}
