import { Alert, Button, Group, Text, Textarea, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Actor } from '@/domain/permissions';
import { OVERRIDE_REASON_MAX, selfApprovalMode, type AuthoredRecord } from '@/domain/four-eyes';
import { useSettings } from '@/client/lib/session/settings-store';
import { growingTextarea } from '@/client/ui/growing-textarea';

export type SelfApprovalMode = ReturnType<typeof selfApprovalMode>;

/**
 * What the approve button does for this user and record, by the same rule the server enforces:
 * approve, ask an admin for the override reason, or stay disabled.
 */
export function useSelfApprovalMode(
  actor: Actor | null | undefined,
  record: AuthoredRecord,
): SelfApprovalMode {
  const allow = useSettings().settings.approval.allowSelfApproval;
  return selfApprovalMode(actor, record, allow);
}

interface ApproveButtonProps extends Pick<ButtonProps, 'size' | 'leftSection'> {
  mode: SelfApprovalMode;
  onClick(): void;
  children: ReactNode;
}

/** The approve button; on one's own record it is disabled and says why next to it. */
export function ApproveButton({ mode, onClick, children, ...props }: ApproveButtonProps) {
  const { t } = useTranslation();
  const noteId = useId();
  if (mode !== 'blocked') {
    return (
      <Button color="green" {...props} onClick={onClick}>
        {children}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" data-testid="self-approval-blocked">
      <Button color="green" {...props} disabled aria-describedby={noteId}>
        {children}
      </Button>
      <Text id={noteId} size="xs" c="dimmed" maw={260}>
        {t('approval.blocked')}
      </Text>
    </Group>
  );
}

/** An admin approving their own record: the rule, and the reason the audit log will keep. */
export function OverrideReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('approval.override.title')}>
        {t('approval.override.text')}
      </Alert>
      <Textarea
        label={t('approval.override.reason')}
        description={t('approval.override.reasonHint')}
        required
        {...growingTextarea(2)}
        maxLength={OVERRIDE_REASON_MAX}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </>
  );
}
