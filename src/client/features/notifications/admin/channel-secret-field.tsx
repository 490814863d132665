import type { SecretField as SecretFieldName } from './channel-form';
import { secretStateOf, type ChannelEditorProps } from './channel-editor';
import { SecretField } from './secret-field';

interface ChannelSecretFieldProps {
  editor: ChannelEditorProps;
  field: SecretFieldName;
  label: string;
  kind: 'url' | 'password';
  description?: string;
}

/** One of the channels' write-only secrets, wired to the section's form. */
export function ChannelSecretField({ editor, field, label, kind, description }: ChannelSecretFieldProps) {
  const { view, form, update, errors, readOnly } = editor;
  return (
    <SecretField
      label={label}
      stored={secretStateOf(view, field)}
      edit={form.secrets[field]}
      onChange={(edit) =>
        update((current) => ({ ...current, secrets: { ...current.secrets, [field]: edit } }))
      }
      kind={kind}
      error={errors[field]}
      disabled={readOnly}
      description={description}
    />
  );
}
