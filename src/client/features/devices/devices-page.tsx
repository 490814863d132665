import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceTablet, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { deviceListSchema, type Device } from '@/domain/devices';
import { EMPTY_VALUE } from '@/domain/format';
import { apiFetch } from '@/client/api/client';
import { useFormat } from '@/client/i18n/use-format';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { PageHeader } from '@/client/shell/page-header';

/** The list refreshes itself this often while the page is open: devices report whenever they sync. */
const REFRESH_MS = 30_000;

/** GET /api/sync/devices (admins and managers). */
async function listDevices(signal?: AbortSignal): Promise<Device[]> {
  return deviceListSchema.parse(await apiFetch<unknown>('/sync/devices', { signal })).items;
}

/**
 * /devices (admins, managers): every installation of the app as its requests last reported it — who
 * used it, when it was last heard from, and how much unsent work it still holds.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const {
    data: devices,
    error,
    loading,
    reload,
  } = useRemoteData('devices', listDevices, { refreshMs: REFRESH_MS });

  return (
    <>
      <PageHeader
        title={t('nav.devices')}
        description={t('shell.pages.devices')}
        actions={
          <Button
            mih={44}
            variant="light"
            leftSection={<IconRefresh size={18} />}
            onClick={reload}
            loading={loading && devices !== null}
          >
            {t('devices.refresh')}
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          {error ? (
            <Alert
              color="red"
              role="alert"
              icon={<IconAlertTriangle size={18} />}
              title={t('devices.loadFailed')}
            >
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('devices.loadFailedMessage')}</Text>
                <Button size="xs" variant="white" color="red" onClick={reload}>
                  {t('common.retry')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          {devices === null ? (
            error ? null : (
              <Stack role="status" gap="sm" aria-busy="true" aria-label={t('devices.loading')}>
                {Array.from({ length: 4 }, (_, index) => (
                  <Skeleton key={index} height={44} radius="sm" />
                ))}
              </Stack>
            )
          ) : devices.length === 0 ? (
            <EmptyState
              py="xl"
              withIndicatorBackground
              icon={<IconDeviceTablet size={28} stroke={1.5} />}
              title={t('devices.empty.title')}
              description={t('devices.empty.message')}
            />
          ) : (
            <DevicesTable devices={devices} />
          )}
        </Stack>
      </Card>
    </>
  );
}

function DevicesTable({ devices }: { devices: Device[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = (value: string | null) =>
    value ? (
      <Tooltip label={format.dateTime(value)}>
        <Text size="sm" component="span">
          {format.relative(value)}
        </Text>
      </Tooltip>
    ) : (
      EMPTY_VALUE
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('nav.devices')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('devices.columns.user')}</Table.Th>
            <Table.Th scope="col">{t('devices.columns.lastSeen')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('devices.columns.waiting')}
            </Table.Th>
            <Table.Th scope="col">{t('devices.columns.oldestWaiting')}</Table.Th>
            <Table.Th scope="col">{t('devices.columns.version')}</Table.Th>
            <Table.Th scope="col">{t('devices.columns.persistent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.deviceId} data-device={device.deviceId} data-waiting={device.waiting}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {device.name || device.username || t('devices.unknownUser')}
                </Text>
                {device.name && device.username ? (
                  <Text size="xs" c="dimmed">
                    {device.username}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{when(device.lastSeenAt)}</Table.Td>
              <Table.Td ta="right">
                {device.waiting > 0 ? (
                  <Badge color="orange" variant="light" size="lg">
                    {format.number(device.waiting, 0)}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed" component="span">
                    {format.number(0, 0)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{when(device.oldestWaitingAt)}</Table.Td>
              <Table.Td>{device.appVersion || EMPTY_VALUE}</Table.Td>
              <Table.Td>
                {device.persistent === null
                  ? t('devices.persistent.unknown')
                  : device.persistent
                    ? t('devices.persistent.yes')
                    : t('devices.persistent.no')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
