import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/client/i18n/use-format';
import { SignatureCanvas, type SignatureCanvasHandle } from '@/client/ui/signature/signature-canvas';
import { WRAPPING_BUTTON } from '@/client/ui/wrapping-button';

export type SignaturePadHandle = Pick<SignatureCanvasHandle, 'clear' | 'isEmpty' | 'toDataURL'>;

interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  /** Accessible name of the drawing area. */
  label: string;
  /** Who signs here: named in the caption and written into the pad by "sign with my name". */
  signerName: string;
  /** Called with `true` once signed (drawn or by name) and with `false` after clearing. */
  onSignedChange?: (signed: boolean) => void;
  disabled?: boolean;
  /** Draws the pad's frame in the error colour. */
  invalid?: boolean;
  /** @default 180 */
  height?: number;
  /** More buttons in the row under the pad (e.g. "use my saved signature"). */
  actions?: ReactNode;
}

/**
 * A signature pad that works without drawing, too. A drawing says nothing to a screen reader and cannot
 * be made with a keyboard, so under the pad a caption (a polite live region that also describes the pad)
 * says who signed and when, and "sign with my name" writes the signer's name into the pad in script,
 * which is then saved like a drawing. Every signature pad of the app is this one.
 */
export function SignaturePad({
  ref,
  label,
  signerName,
  onSignedChange,
  disabled = false,
  invalid = false,
  height = 180,
  actions,
}: SignaturePadProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const captionId = useId();
  const canvas = useRef<SignatureCanvasHandle>(null);
  const [signedAt, setSignedAt] = useState<Date | null>(null);
  const name = signerName.trim();

  const changed = (signed: boolean) => {
    setSignedAt(signed ? new Date() : null);
    onSignedChange?.(signed);
  };

  useImperativeHandle(ref, () => ({
    clear: () => canvas.current?.clear(),
    isEmpty: () => canvas.current?.isEmpty() ?? true,
    toDataURL: () => canvas.current?.toDataURL() ?? '',
  }));

  return (
    <Stack gap={6}>
      <Paper
        withBorder
        radius="md"
        bg="white"
        style={{ borderColor: invalid ? 'var(--mantine-color-error)' : undefined, touchAction: 'none' }}
      >
        <SignatureCanvas
          ref={canvas}
          label={label}
          height={height}
          describedBy={captionId}
          onDrawnChange={changed}
        />
      </Paper>
      <Text size="sm" id={captionId} aria-live="polite" data-testid="signature-caption">
        {signedAt
          ? name
            ? t('signature.signedBy', { name, time: format.dateTime(signedAt) })
            : t('signature.signedAt', { time: format.dateTime(signedAt) })
          : t('signature.missing')}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="compact-md"
          disabled={disabled || !signedAt}
          onClick={() => canvas.current?.clear()}
        >
          {t('signature.clear')}
        </Button>
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconSignature size={16} aria-hidden />}
          {...WRAPPING_BUTTON}
          disabled={disabled || !name}
          title={name ? undefined : t('signature.nameFirst')}
          onClick={() => canvas.current?.writeName(name)}
        >
          {t('signature.withName')}
        </Button>
        {actions}
        <Text size="xs" c="dimmed">
          {t('signature.hint')}
        </Text>
      </Group>
    </Stack>
  );
}
