import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { followUpTitle } from '@/domain/followup';
import { useExcavatorFollowUps } from './use-follow-ups';

interface ResolveFollowUpsFieldProps {
  excavatorId: string;
  /** The report being edited (its own follow-ups are not offered: it cannot resolve what it opened). */
  reportId: string | null;
  value: readonly string[];
  onChange(next: string[]): void;
}

/**
 * On a report: the machine's open follow-ups, each to be marked resolved by this report. They close when
 * the report is submitted, linked to it.
 */
export function ResolveFollowUpsField({
  excavatorId,
  reportId,
  value,
  onChange,
}: ResolveFollowUpsFieldProps) {
  const { t, i18n } = useTranslation();
  const followUps = useExcavatorFollowUps(excavatorId);
  const offered = (followUps ?? []).filter(
    (f) => (f.status === 'open' || value.includes(f.id)) && (!reportId || f.source?.reportId !== reportId),
  );
  if (offered.length === 0) return null;
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  return (
    <Fieldset legend={t('followUps.resolve.legend')} data-testid="report-resolve-follow-ups">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('followUps.resolve.hint')}
        </Text>
        {offered.map((f) => (
          <Checkbox
            key={f.id}
            checked={value.includes(f.id)}
            onChange={(event) => toggle(f.id, event.currentTarget.checked)}
            label={followUpTitle(f, i18n.language)}
            description={f.note ?? undefined}
            disabled={f.status !== 'open'}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}
