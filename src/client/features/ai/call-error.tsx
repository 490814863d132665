import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A failed AI call: the clear message, and the server's own words below it when they add something. */
export function CallError({ message, detail }: { message: string; detail: string | null }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
      {message}
      {detail && detail !== message && (
        <Text size="xs" c="dimmed" mt={4}>
          {detail}
        </Text>
      )}
    </Alert>
  );
}
