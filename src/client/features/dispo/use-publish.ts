import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import { publishAssignment } from './api/assignments';
import { dispoErrorMessage } from './api/errors';

/** Publishes an assignment (a driver with an account is notified) and says so; `busyId` marks the running one. */
export function usePublish(onPublished: (assignment: Assignment) => void) {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const publish = async (assignment: Assignment) => {
    setBusyId(assignment.id);
    try {
      const published = await publishAssignment(assignment.id);
      // Only a driver linked to an account receives the notification; the others are told in person.
      const driver = published.driver;
      notifications.show({
        color: 'green',
        message: !driver
          ? t('dispo.notices.publishedNoDriver')
          : driver.userId
            ? t('dispo.notices.published', { driver: driver.name })
            : t('dispo.notices.publishedNoAccount', { driver: driver.name }),
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
