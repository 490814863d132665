import { Button, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarWeek, IconChartBar, IconDatabase, IconList, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import { can } from '@/domain/permissions';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { AssignmentFormModal } from './assignment-form/assignment-form-modal';
import { AssignmentsPanel } from './components/assignments-panel';
import { DashboardPanel } from './components/dashboard-panel';
import { DeleteAssignmentModal } from './components/delete-assignment-modal';
import { DriverAssignments } from './components/driver-assignments';
import { WeekBoard } from './components/week-board';
import { localToday } from '@/client/lib/dates';
import { MasterDataPanel } from './master-data/master-data-panel';
import { DISPO_TABS, type DispoTab } from './search';
import { useAssignmentMirrorChanges } from './use-assignment-mirror';
import { useMasterOptions } from './use-master-options';
import { usePublish } from './use-publish';
import { TAB_LABEL } from './labels';

const TAB_ICONS = {
  assignments: IconList,
  overview: IconCalendarWeek,
  dashboard: IconChartBar,
  master: IconDatabase,
};

/**
 * /dispo (DispoList): assignments, the 7-day board, the dashboard and the master data. Operators
 * reach it only below the "managed by your dispatcher" notice (shell PageGate) and see the field view.
 */
export function DispoPage() {
  const me = useCurrentUser();
  return can(me, 'dispo:open') ? <DispatcherPage /> : <DriverAssignments />;
}

function DispatcherPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const canWrite = can(me, 'dispo:write');
  const search = useSearch({ from: '/_app/dispo/' });
  const navigate = useNavigate({ from: '/dispo/' });
  const tab: DispoTab = search.tab ?? 'assignments';
  const [refresh, setRefresh] = useState(0);
  const [optionsVersion, setOptionsVersion] = useState(0);
  const options = useMasterOptions(true, optionsVersion);
  const [editing, setEditing] = useState<{ assignment: Assignment | null; date: string } | null>(null);
  const [deleting, setDeleting] = useState<Assignment | null>(null);
  // A sync that brought assignment changes (a driver's tick, another dispatcher's edit) reloads the views.
  const synced = useAssignmentMirrorChanges();
  const reload = refresh + synced;
  const changed = () => setRefresh((n) => n + 1);
  const { publish, busyId } = usePublish(changed);
  const tabs = DISPO_TABS.filter((key) => key !== 'master' || canWrite);

  return (
    <>
      <PageHeader
        title={t('nav.dispo')}
        description={t('shell.pages.dispo')}
        actions={
          canWrite ? (
            <Button
              mih={44}
              leftSection={<IconPlus size={18} />}
              onClick={() => setEditing({ assignment: null, date: localToday() })}
            >
              {t('dispo.actions.newAssignment')}
            </Button>
          ) : null
        }
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({
            search: { tab: value === 'assignments' ? undefined : (value as DispoTab) },
            replace: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map((key) => {
            const Icon = TAB_ICONS[key];
            return (
              <Tabs.Tab key={key} value={key} leftSection={<Icon size={16} />} mih={44}>
                {t(TAB_LABEL[key])}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="assignments">
          <AssignmentsPanel
            options={options.data}
            canWrite={canWrite}
            refresh={reload}
            busyId={busyId}
            onEdit={(assignment) => setEditing({ assignment, date: assignment.date })}
            onPublish={(assignment) => void publish(assignment)}
            onDelete={setDeleting}
          />
        </Tabs.Panel>
        <Tabs.Panel value="overview">
          <WeekBoard refresh={reload} />
        </Tabs.Panel>
        <Tabs.Panel value="dashboard">
          <DashboardPanel refresh={reload} />
        </Tabs.Panel>
        {canWrite ? (
          <Tabs.Panel value="master">
            <MasterDataPanel canWrite onChanged={() => setOptionsVersion((n) => n + 1)} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
      <AssignmentFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(assignment, created) => {
          setEditing(null);
          notifications.show({
            color: 'green',
            message: t(created ? 'dispo.notices.created' : 'dispo.notices.saved', {
              driver: assignment.driver?.name ?? '',
            }),
          });
          changed();
        }}
      />
      <DeleteAssignmentModal
        assignment={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          notifications.show({ color: 'green', message: t('dispo.notices.deleted') });
          changed();
        }}
      />
    </>
  );
}
