import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/client/i18n/use-format';
import { META_KEYS, useMetaValue } from '@/client/offline';
import { SignatureCanvas, type SignatureCanvasHandle } from '@/client/shell/signature/signature-canvas';

export interface SignatureFieldHandle {
  /** The signature to save: the kept one, the drawn one (PNG data URL) or null. */
  value(): string | null;
}

interface SignatureFieldProps {
  ref?: Ref<SignatureFieldHandle>;
  label: string;
  /** The signature already on the record, shown until the person signs again. */
  initial?: string | null;
  onChange?: (signed: boolean) => void;
  error?: string | null;
  disabled?: boolean;
  /** Who signs here (the name field of the form): named in the caption and written by "sign with my name". */
  signerName?: string;
}

/** Long labels ("Mit meinem Namen unterschreiben") wrap inside a phone's dialog instead of being cut. */
const WRAPS = {
  h: 'auto',
  mih: 30,
  py: 4,
  maw: '100%',
  styles: { label: { whiteSpace: 'normal' as const } },
};

/**
 * A signature: keeps an existing one, or a pad to draw on (or the profile's saved signature). A drawing
 * is invisible to a screen reader and impossible from the keyboard, so once signed a caption says who
 * signed and when (the pad is described by it), and "sign with my name" writes the signer's name into
 * the pad instead of a drawing.
 */
export function SignatureField({
  ref,
  label,
  initial = null,
  onChange,
  error,
  disabled,
  signerName = '',
}: SignatureFieldProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const captionId = useId();
  const [signedAt, setSignedAt] = useState<Date | null>(null);
  const name = signerName.trim();
  const canvas = useRef<SignatureCanvasHandle>(null);
  const saved = useMetaValue<string | null>(META_KEYS.profileSignature);
  const [kept, setKept] = useState<string | null>(initial);
  const [drawn, setDrawn] = useState(false);

  useImperativeHandle(ref, () => ({
    value: () => kept ?? (canvas.current && !canvas.current.isEmpty() ? canvas.current.toDataURL() : null),
  }));

  const changeKept = (next: string | null) => {
    setKept(next);
    onChange?.(!!next || drawn);
  };

  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      {kept ? (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap">
            <Image src={kept} alt={label} h={100} w="auto" fit="contain" bg="white" radius="sm" />
            <Button variant="default" disabled={disabled} onClick={() => changeKept(null)}>
              {t('reports.signature.again')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <>
          <Paper
            withBorder
            radius="md"
            bg="white"
            style={{ borderColor: error ? 'var(--mantine-color-error)' : undefined, touchAction: 'none' }}
          >
            <SignatureCanvas
              ref={canvas}
              label={label}
              height={180}
              describedBy={captionId}
              onDrawnChange={(next) => {
                setDrawn(next);
                setSignedAt(next ? new Date() : null);
                onChange?.(next);
              }}
            />
          </Paper>
          <Text size="sm" id={captionId} aria-live="polite" data-testid="signature-caption">
            {signedAt
              ? name
                ? t('reports.signature.signedBy', { name, time: format.dateTime(signedAt) })
                : t('reports.signature.signedAt', { time: format.dateTime(signedAt) })
              : t('reports.signature.missing')}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-md"
              disabled={disabled || !drawn}
              onClick={() => {
                canvas.current?.clear();
                setDrawn(false);
                setSignedAt(null);
                onChange?.(false);
              }}
            >
              {t('reports.signature.clear')}
            </Button>
            <Button
              variant="default"
              size="compact-md"
              leftSection={<IconSignature size={16} />}
              {...WRAPS}
              disabled={disabled || !name}
              title={name ? undefined : t('reports.signature.nameFirst')}
              onClick={() => canvas.current?.writeName(name)}
            >
              {t('reports.signature.withName')}
            </Button>
            {saved ? (
              <Button
                variant="subtle"
                size="compact-md"
                {...WRAPS}
                disabled={disabled}
                onClick={() => changeKept(saved)}
              >
                {t('reports.signature.useSaved')}
              </Button>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('reports.signature.hint')}
            </Text>
          </Group>
        </>
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
