import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '../../features/devices/devices-page';

export const Route = createFileRoute('/_app/devices')({
  staticData: { page: 'devices' },
  component: DevicesPage,
});
