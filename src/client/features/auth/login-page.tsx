import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBackhoe, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/client/api/client';
import { LanguageSwitch } from '@/client/shell/language-switch';
import { InsecureContextBanner } from '@/client/shell/pwa/insecure-context-banner';
import { safeRedirect } from '@/client/shell/session/redirect';
import { signIn } from '@/client/lib/session/session-store';
import { cachedAppName } from '@/client/lib/session/settings-cache';
import { readWaitingHints } from '@/client/lib/session/waiting-hint';
import { ThemeSwitch } from '@/client/shell/theme/theme-switch';
import classes from './login-page.module.css';

export interface LoginPageProps {
  /** Where the page was asked to return after sign-in (`?redirect=`); checked with safeRedirect. */
  redirect?: string;
  /** Opens the page to return to once signed in (the router's history, or the first start of the app). */
  onSignedIn: (href: string) => void;
}

/**
 * Sign-in: welcome text, username and password, a signing-in state, the error text. It knows no router:
 * on a first visit it is shown before the router has loaded (standalone-login.tsx).
 */
export function LoginPage({ redirect, onSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  const appName = cachedAppName();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting] = useState(readWaitingHints);

  useEffect(() => {
    document.title = `${t('auth.signIn')} · ${appName}`;
  }, [t, appName]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await signIn(username.trim(), password);
      onSignedIn(safeRedirect(redirect));
    } catch (cause) {
      setSubmitting(false);
      if (cause instanceof ApiError && cause.status === 401) setError(t('auth.invalidCredentials'));
      else if (cause instanceof ApiError && cause.isNetworkError) setError(t('auth.offline'));
      else setError(cause instanceof Error && cause.message ? cause.message : t('auth.failed'));
    }
  };

  return (
    <Box className={classes.page}>
      <Group className={classes.tools} gap="xs">
        <LanguageSwitch />
        <ThemeSwitch />
      </Group>
      <Center mih="100dvh" px="md" py="xl">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
          <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
            <Stack gap="md">
              <InsecureContextBanner />
              <Group gap="sm" wrap="nowrap">
                <IconBackhoe size={40} stroke={1.5} className={classes.logo} aria-hidden />
                <Text fw={800} size="xl">
                  {appName}
                </Text>
              </Group>
              <div>
                <Title order={1} size="h2">
                  {t('auth.welcomeTitle')}
                </Title>
                <Text c="dimmed" mt={4}>
                  {t('auth.welcomeText')}
                </Text>
              </div>
              {waiting.map((hint) => (
                <Alert
                  key={hint.userId}
                  color="blue"
                  variant="light"
                  icon={<IconCloudUpload />}
                  data-testid="login-waiting"
                >
                  {t('auth.waitingChanges', { count: hint.count, username: hint.username })}
                </Alert>
              ))}
              {error ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
                  {error}
                </Alert>
              ) : null}
              <TextInput
                label={t('auth.username')}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                size="md"
                value={username}
                onChange={(event) => setUsername(event.currentTarget.value)}
                data-autofocus
                autoFocus
              />
              <PasswordInput
                label={t('auth.password')}
                name="password"
                autoComplete="current-password"
                required
                size="md"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={submitting}
                loaderProps={{ type: 'dots' }}
                disabled={!username.trim() || !password}
              >
                {t('auth.signIn')}
              </Button>
              {submitting ? (
                <Text size="sm" c="dimmed" ta="center" role="status">
                  {t('auth.signingIn')}
                </Text>
              ) : null}
            </Stack>
          </form>
        </Paper>
      </Center>
    </Box>
  );
}
