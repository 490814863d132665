import { ActionIcon, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEye, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { countContainers, type Assignment } from '@/domain/dispo/assignments';
import { formatDay } from '../format';
import { AssignmentLink } from './assignment-link';
import { StatusBadge } from './status-badge';

interface AssignmentsTableProps {
  assignments: readonly Assignment[];
  canWrite: boolean;
  /** The assignment being published. */
  busyId: string | null;
  onEdit(assignment: Assignment): void;
  onPublish(assignment: Assignment): void;
  onDelete(assignment: Assignment): void;
}

/** Date, driver, truck, rounds, containers, status and issuer; row actions in a menu. */
export function AssignmentsTable(props: AssignmentsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('dispo.list.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dispo.fields.date')}</Table.Th>
            <Table.Th>{t('dispo.fields.driver')}</Table.Th>
            <Table.Th>{t('dispo.fields.truck')}</Table.Th>
            <Table.Th>{t('dispo.fields.rounds')}</Table.Th>
            <Table.Th>{t('dispo.fields.containers')}</Table.Th>
            <Table.Th>{t('dispo.fields.status')}</Table.Th>
            <Table.Th>{t('dispo.fields.issuedBy')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('dispo.list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.assignments.map((a) => (
            <AssignmentRow key={a.id} assignment={a} {...props} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AssignmentRow({ assignment: a, ...props }: AssignmentsTableProps & { assignment: Assignment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { placed, pickedUp } = countContainers(a.rounds);
  const done = a.rounds.filter((r) => r.done).length;
  const driver = a.driver?.name ?? t('dispo.unknownDriver');
  return (
    <Table.Tr>
      <Table.Td>
        <AssignmentLink id={a.id} fw={500}>
          {formatDay(a.date)}
        </AssignmentLink>
      </Table.Td>
      <Table.Td>{driver}</Table.Td>
      <Table.Td>{a.truck?.licensePlate ?? '—'}</Table.Td>
      <Table.Td>
        {a.status === 'published' && a.rounds.length > 0
          ? t('dispo.list.roundsDone', { done, count: a.rounds.length })
          : a.rounds.length}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t('dispo.list.containers', { placed, pickedUp })}</Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={a.status} />
      </Table.Td>
      <Table.Td>{a.issuedByName ?? '—'}</Table.Td>
      <Table.Td>
        <Group justify="flex-end" wrap="nowrap">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                size="lg"
                loading={props.busyId === a.id}
                aria-label={t('dispo.list.actionsFor', { driver, date: a.date })}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconEye size={16} />}
                onClick={() => void navigate({ to: '/dispo/assignments/$id', params: { id: a.id } })}
              >
                {t('dispo.actions.open')}
              </Menu.Item>
              {props.canWrite ? (
                <>
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => props.onEdit(a)}>
                    {t('dispo.actions.edit')}
                  </Menu.Item>
                  {a.status === 'draft' ? (
                    <Menu.Item leftSection={<IconSend size={16} />} onClick={() => props.onPublish(a)}>
                      {t('dispo.actions.publish')}
                    </Menu.Item>
                  ) : null}
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => props.onDelete(a)}
                  >
                    {t('dispo.actions.delete')}
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
