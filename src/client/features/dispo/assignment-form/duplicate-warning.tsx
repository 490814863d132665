import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '@/domain/dispo/dates';
import { assignmentListPath, listAssignments } from '../api/assignments';
import { AssignmentLink } from '../components/assignment-link';
import { useRemoteData } from '@/client/lib/use-remote-data';

interface DuplicateWarningProps {
  driverId: string | null;
  driverName: string;
  date: string;
  /** The assignment being edited (it is not its own duplicate). */
  exceptId: string | null;
}

/** "Driver already has an assignment that day", shown as soon as driver and date are chosen. */
export function DuplicateWarning({ driverId, driverName, date, exceptId }: DuplicateWarningProps) {
  const { t } = useTranslation();
  const path =
    driverId && isCalendarDate(date)
      ? assignmentListPath({ page: 1, limit: 5, driverId, from: date, to: date })
      : null;
  const others = useRemoteData(path, (signal) => listAssignments(path ?? '', signal));
  const other = path ? others.data?.items.find((a) => a.id !== exceptId && a.date === date) : undefined;
  if (!other || others.loading) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />} title={t('dispo.duplicate.title')}>
      {t('dispo.duplicate.warning', { driver: driverName, date })}{' '}
      <AssignmentLink id={other.id}>{t('dispo.duplicate.open')}</AssignmentLink>
    </Alert>
  );
}
