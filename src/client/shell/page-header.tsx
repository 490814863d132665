import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useSettings } from '@/client/lib/session/settings-store';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
}

/** The title block of a page; also sets the document title. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const { settings } = useSettings();
  useEffect(() => {
    document.title = `${title} · ${settings.app.name}`;
  }, [title, settings.app.name]);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
