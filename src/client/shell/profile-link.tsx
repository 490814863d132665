import { ActionIcon, Avatar } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
import { uploadUrl } from '../api/uploads';
import { useCurrentUser } from '@/client/lib/session/session-store';

/** Top-bar link to /profile showing the profile image, or a default icon. */
export function ProfileLink() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const src = uploadUrl(user.profileImage);
  const label = t('shell.user.viewProfile');
  return (
    <LazyTooltip label={label}>
      <ActionIcon component={Link} to="/profile" variant="subtle" size={44} radius="xl" aria-label={label}>
        {src ? (
          <Avatar src={src} alt="" size={36} radius="xl" />
        ) : (
          <IconUserCircle size={30} stroke={1.5} data-testid="default-profile-icon" />
        )}
      </ActionIcon>
    </LazyTooltip>
  );
}
