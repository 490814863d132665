import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { META_KEYS, useMetaValue } from '@/client/offline';
import { SignaturePad, type SignaturePadHandle } from '@/client/ui/signature/signature-pad';
import { WRAPPING_BUTTON } from '@/client/ui/wrapping-button';

export interface SignatureFieldHandle {
  /** The signature to save: the kept one, the drawn one (PNG data URL) or null. */
  value(): string | null;
  /** Shows a signature kept elsewhere (a restored draft) as the one to save. */
  restore(value: string | null): void;
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

/**
 * A signature on a report: keeps an existing one, or the shared pad (drawn, or signed by name from the
 * keyboard) with the profile's saved signature as a third way.
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
  const pad = useRef<SignaturePadHandle>(null);
  const saved = useMetaValue<string | null>(META_KEYS.profileSignature);
  const [kept, setKept] = useState<string | null>(initial);
  const [drawn, setDrawn] = useState(false);

  useImperativeHandle(ref, () => ({
    value: () => kept ?? (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL() : null),
    restore: (value) => {
      setKept(value);
      onChange?.(!!value);
    },
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
        <SignaturePad
          ref={pad}
          label={label}
          signerName={signerName}
          disabled={disabled}
          invalid={!!error}
          onSignedChange={(next) => {
            setDrawn(next);
            onChange?.(next);
          }}
          actions={
            saved ? (
              <Button
                variant="subtle"
                size="compact-md"
                {...WRAPPING_BUTTON}
                disabled={disabled}
                onClick={() => changeKept(saved)}
              >
                {t('reports.signature.useSaved')}
              </Button>
            ) : null
          }
        />
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
