import { Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusPageProps {
  icon: ReactNode;
  /** Colour of the icon badge. @default 'gray' */
  color?: string;
  title: string;
  message?: ReactNode;
  children?: ReactNode;
  /** Buttons below the message. */
  actions?: ReactNode;
}

/** The frame of Not Found, Access denied, disabled-feature and error screens. */
export function StatusPage({ icon, color = 'gray', title, message, children, actions }: StatusPageProps) {
  return (
    <Center mih="50vh" py="xl" px="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        {message ? (
          <Text c="dimmed" size="lg">
            {message}
          </Text>
        ) : null}
        {children}
        {actions ? (
          <Group justify="center" gap="sm" mt="sm">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Center>
  );
}
