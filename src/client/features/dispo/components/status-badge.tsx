import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DispoStatus } from '@/domain/dispo/constants';
import { STATUS_LABEL } from '../labels';

/** Draft (grey) or published (green). */
export function StatusBadge({ status }: { status: DispoStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={status === 'published' ? 'green' : 'gray'}
      variant="light"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(STATUS_LABEL[status])}
    </Badge>
  );
}
