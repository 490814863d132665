import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogbookStatus } from '@/domain/logbook';
import { STATUS_COLOR } from '../search';
import { STATUS_KEY } from '../keys';

export function LogbookStatusBadge({ status }: { status: LogbookStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>
      {t(STATUS_KEY[status])}
    </Badge>
  );
}
