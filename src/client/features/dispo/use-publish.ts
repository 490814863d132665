import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo';
import { publishAssignment } from './api/assignments';
import { dispoErrorMessage } from './api/errors';

/** Publishes an assignment (the driver is notified) and says so; `busyId` marks the running one. */
export function usePublish(onPublished: (assignment: Assignment) => void) {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const publish = async (assignment: Assignment) => {
    setBusyId(assignment.id);
    try {
      const published = await publishAssignment(assignment.id);
      notifications.show({
        color: 'green',
        message: t('dispo.notices.published', { driver: published.driver?.name ?? '' }),
      });
      onPublished(published);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: dispoErrorMessage(error, t, t('dispo.errors.publishFailed')),
      });
    } finally {
      setBusyId(null);
    }
  };
  return { publish, busyId };
}
