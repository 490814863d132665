import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExcavatorStatus } from '@/domain/excavator';
import type { MaintenanceDue } from '@/domain/maintenance';
import { formatHours } from './format';
import { MAINTENANCE_KEY, STATUS_KEY } from '../labels';

const STATUS_COLOR: Record<ExcavatorStatus, string> = {
  operational: 'green',
  maintenance: 'yellow',
  out_of_service: 'red',
};

export function ExcavatorStatusBadge({ status }: { status: ExcavatorStatus }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={STATUS_COLOR[status]} data-status={status}>
      {t(STATUS_KEY[status])}
    </Badge>
  );
}

const DUE_COLOR: Record<MaintenanceDue['label'], string> = { urgent: 'red', soon: 'orange', ok: 'teal' };

/** "Maintenance urgent · 20 h" — overdue machines say by how much. */
export function MaintenanceBadge({ due, withHours = true }: { due: MaintenanceDue; withHours?: boolean }) {
  const { t, i18n } = useTranslation();
  const hours = formatHours(Math.abs(due.hoursUntil), i18n.language);
  const detail =
    due.hoursUntil < 0
      ? t('excavators.maintenance.overdue', { hours })
      : t('excavators.maintenance.inHours', { hours });
  return (
    <Badge size="sm" variant="dot" color={DUE_COLOR[due.label]} data-maintenance={due.label}>
      {t(MAINTENANCE_KEY[due.label])}
      {withHours ? ` · ${detail}` : null}
    </Badge>
  );
}
