import { Alert, Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@/domain/constants';
import type { User } from '@/domain/user';
import { ApiError } from '@/client/api/client';
import { uploadUrl } from '@/client/api/uploads';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { updateSessionUser } from '@/client/lib/session/session-store';
import { isNetworkError } from '@/client/lib/api-errors';
import { checkProfileImage, uploadProfileImage } from '../api/upload-profile-image';

const MAX_MEGABYTES = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));

type Status = 'idle' | 'uploaded' | 'type' | 'size' | 'failed' | 'offline';

/** The profile image: choose (preview, type and size checked here), then upload. */
export function ProfileImageCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  useUnsavedChanges(file !== null);

  const resetFileInput = useRef<() => void>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (chosen: File | null) => {
    setServerMessage(null);
    if (!chosen) return;
    const problem = checkProfileImage(chosen);
    setStatus(problem ?? 'idle');
    setFile(problem ? null : chosen);
    // The same file may be chosen again after Cancel or an error.
    resetFileInput.current?.();
  };

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setServerMessage(null);
    try {
      updateSessionUser(await uploadProfileImage(file));
      setFile(null);
      setStatus('uploaded');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
        setStatus(error.status === 413 ? 'size' : 'type');
      } else {
        setStatus(isNetworkError(error) ? 'offline' : 'failed');
        if (error instanceof ApiError && error.status === 400) setServerMessage(error.message);
      }
    } finally {
      setUploading(false);
    }
  };

  const current = preview ?? uploadUrl(user.profileImage);
  const errorText: Partial<Record<Status, string>> = {
    type: t('profile.image.wrongType'),
    size: t('profile.image.tooLarge', { max: MAX_MEGABYTES }),
    failed: serverMessage ?? t('profile.image.failed'),
    offline: t('profile.offline'),
  };
  const error = errorText[status];

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-image-title">
      <Title order={2} size="h4" id="profile-image-title" mb="md">
        {t('profile.image.title')}
      </Title>
      <Stack align="center" gap="md">
        <Avatar
          src={current}
          alt={t('profile.image.alt')}
          size={128}
          radius={128}
          color="fleet"
          data-testid="profile-image-preview"
        >
          <IconUser size={56} stroke={1.5} />
        </Avatar>
        <Text size="xs" c="dimmed" ta="center">
          {t('profile.image.hint', { max: MAX_MEGABYTES })}
        </Text>
        {error ? (
          <Alert color="red" role="alert" w="100%">
            {error}
          </Alert>
        ) : null}
        {status === 'uploaded' ? (
          <Alert color="green" role="status" w="100%">
            {t('profile.image.uploaded')}
          </Alert>
        ) : null}
        <Group justify="center">
          <FileButton onChange={choose} accept={IMAGE_MIME_TYPES.join(',')} resetRef={resetFileInput}>
            {(props) => (
              <Button variant="default" mih={44} {...props}>
                {t('profile.image.choose')}
              </Button>
            )}
          </FileButton>
          {file ? (
            <>
              <Button variant="subtle" mih={44} onClick={() => setFile(null)} disabled={uploading}>
                {t('profile.image.cancel')}
              </Button>
              <Button mih={44} onClick={() => void upload()} loading={uploading}>
                {t('profile.image.upload')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
