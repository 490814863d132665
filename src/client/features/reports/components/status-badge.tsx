import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '@/domain/report-status';
import { STATUS_COLOR, STATUS_LABEL_KEY } from '../model';

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return (
    // Never squeezed by what stands beside it: "Wartet auf Freigabe" was cut in the report list.
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      data-status={status}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(STATUS_LABEL_KEY[status])}
    </Badge>
  );
}
