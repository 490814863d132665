import { Alert, Box } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Heads the dispo pages for those who only read dispo (operators, drivers): planning is the
 * dispatcher's, what follows is their own information.
 */
export function DispoInfoNotice() {
  const { t } = useTranslation();
  return (
    <Box maw={960} mx="auto" px="md" pt="md" pb="sm">
      <Alert variant="light" color="blue" icon={<IconInfoCircle />} data-testid="dispo-info-notice">
        {t('errors.accessDenied.dispoInfo')}
      </Alert>
    </Box>
  );
}
