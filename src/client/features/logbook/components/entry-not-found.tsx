import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogbookNavigation } from '../use-logbook-navigation';

/** An id in the URL that is not (or no longer) on this device. */
export function EntryNotFound() {
  const { t } = useTranslation();
  const nav = useLogbookNavigation();
  return (
    <Alert color="red" icon={<IconFileUnknown size={18} />} role="alert" title={t('logbook.notFound')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('logbook.notFoundHint')}</Text>
        <Button variant="white" color="red" onClick={nav.openList}>
          {t('logbook.backToList')}
        </Button>
      </Stack>
    </Alert>
  );
}
