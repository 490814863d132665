import { Alert, Anchor, Box, Fieldset, Image, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * The creator's signature is the one saved in the profile: shown here when there is one;
 * otherwise the form says so, links to the profile and still lets the entry be saved unsigned.
 */
export function SignatureNotice({ signature }: { signature: string | null }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('logbook.form.signature')} radius="md">
      {signature ? (
        <Box>
          <Text size="sm" mb="xs">
            {t('logbook.signature.fromProfile')}
          </Text>
          <Image
            src={signature}
            alt={t('logbook.signature.profileAlt')}
            h={96}
            w="auto"
            fit="contain"
            bg="white"
            radius="md"
            style={{ border: '1px solid var(--mantine-color-default-border)' }}
            data-testid="profile-signature-preview"
          />
        </Box>
      ) : (
        <Alert
          color="yellow"
          icon={<IconSignature size={18} />}
          title={t('logbook.signature.missingTitle')}
          data-testid="signature-missing"
        >
          <Text size="sm">{t('logbook.signature.missing')}</Text>
          <Anchor component={Link} to="/profile" fw={600} size="sm" className="tap-target">
            {t('logbook.signature.toProfile')}
          </Anchor>
        </Alert>
      )}
    </Fieldset>
  );
}
