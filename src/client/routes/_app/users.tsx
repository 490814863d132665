import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../features/users/users-page';

export const Route = createFileRoute('/_app/users')({
  staticData: { page: 'users' },
  component: UsersPage,
});
