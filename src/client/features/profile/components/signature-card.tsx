import { Alert, Box, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/domain/user';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { updateSessionUser } from '@/client/lib/session/session-store';
import { isNetworkError } from '@/client/lib/api-errors';
import { saveSignature } from '../api/save-signature';
import { SignaturePad, type SignaturePadHandle } from '@/client/ui/signature/signature-pad';

/**
 * The signature kept in the profile (logbook entries and reports use it): the saved one is shown,
 * a new one is drawn with finger, pen or mouse (or signed with the name from the keyboard) and saved
 * with PUT /api/profile/signature.
 */
export function SignatureCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const [drawn, setDrawn] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed' | 'offline'>('idle');
  useUnsavedChanges(drawn);

  const save = async () => {
    const drawing = pad.current;
    if (!drawing || drawing.isEmpty()) return;
    setSaving(true);
    setStatus('idle');
    try {
      const updated = await saveSignature(drawing.toDataURL());
      updateSessionUser(updated);
      drawing.clear();
      setStatus('saved');
    } catch (error) {
      setStatus(isNetworkError(error) ? 'offline' : 'failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-signature-title">
      <Title order={2} size="h4" id="profile-signature-title" mb="md">
        {t('profile.signature.title')}
      </Title>
      <Stack gap="md">
        <Box>
          <Text size="sm" fw={500} mb={4}>
            {t('profile.signature.saved')}
          </Text>
          {user.signature ? (
            <Image
              src={user.signature}
              alt={t('profile.signature.savedAlt')}
              h={120}
              w="auto"
              fit="contain"
              bg="white"
              radius="md"
              style={{ border: '1px solid var(--mantine-color-default-border)' }}
              data-testid="saved-signature"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('profile.signature.none')}
            </Text>
          )}
        </Box>
        <Box>
          <Text size="sm" fw={500} mb={4}>
            {t('profile.signature.draw')}
          </Text>
          <SignaturePad
            ref={pad}
            label={t('profile.signature.canvas')}
            signerName={user.name ?? ''}
            height={200}
            disabled={saving}
            onSignedChange={(signed) => {
              setDrawn(signed);
              setStatus('idle');
            }}
          />
        </Box>
        {status === 'saved' ? (
          <Alert color="green" role="status">
            {t('profile.signature.savedMessage')}
          </Alert>
        ) : null}
        {status === 'failed' || status === 'offline' ? (
          <Alert color="red" role="alert">
            {status === 'offline' ? t('profile.offline') : t('profile.signature.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button mih={44} onClick={() => void save()} loading={saving} disabled={!drawn}>
            {t('profile.signature.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
