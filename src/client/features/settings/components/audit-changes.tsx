import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/client/i18n/use-format';
import { auditChanges } from '../audit-values';

/** The changed fields of one audit record: `Field: before → after`, one per line. */
export function AuditChanges({
  changes,
  names,
}: {
  changes: Record<string, unknown> | null;
  /** Names of the records the changes refer to by id. */
  names?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const list = auditChanges(changes, t, format, names);
  if (list.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('audit.noChanges')}
      </Text>
    );
  return (
    <List size="sm" spacing={2} listStyleType="none" aria-label={t('audit.changes')}>
      {list.map((change) => (
        <List.Item key={change.field} data-field={change.field}>
          <Text span size="sm" c="dimmed">
            {change.label}:
          </Text>{' '}
          {change.from !== undefined ? (
            <>
              <Text span size="sm" c="dimmed" td="line-through">
                {change.from}
              </Text>
              {' → '}
            </>
          ) : null}
          <Text span size="sm" fw={600}>
            {change.to}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
