import { ActionIcon, Flex, Group, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/domain/constants';
import type { EditEntry } from './editor-state';

interface EntryRowProps {
  entry: EditEntry;
  language: Language;
  readOnly: boolean;
  error?: string;
  /** Accessible names, e.g. "Category" / "Item". */
  kind: string;
  index: number;
  count: number;
  onLabel: (text: string) => void;
  onKey: (key: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  size?: 'sm' | 'md';
  extra?: ReactNode;
}

/** One category or item: label in the chosen language, key, and move/remove buttons. */
export function EntryRow({
  entry,
  language,
  readOnly,
  error,
  kind,
  index,
  count,
  onLabel,
  onKey,
  onMove,
  onRemove,
  size = 'sm',
  extra,
}: EntryRowProps) {
  const { t } = useTranslation();
  const name = entry.label[language] || entry.key || kind;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      {/* On a phone the label takes the row's whole width with the key below it: side by side, a
          Greek or German label was cut after a few letters. */}
      <Flex direction={{ base: 'column', sm: 'row' }} gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <TextInput
          size={size}
          style={{ flex: 2 }}
          aria-label={t('reports.checklistEditor.labelFor', { kind, language: t(`languages.${language}`) })}
          placeholder={t('reports.checklistEditor.labelPlaceholder')}
          value={entry.label[language]}
          readOnly={readOnly}
          fw={size === 'md' ? 600 : undefined}
          onChange={(e) => onLabel(e.currentTarget.value)}
        />
        <TextInput
          size={size}
          style={{ flex: 1, minWidth: 110 }}
          aria-label={t('reports.checklistEditor.keyFor', { kind })}
          placeholder={t('reports.checklistEditor.key')}
          value={entry.key}
          readOnly={readOnly}
          error={error}
          ff="monospace"
          onChange={(e) => onKey(e.currentTarget.value)}
        />
      </Flex>
      {readOnly ? null : (
        <Group gap={2} wrap="nowrap" pt={size === 'md' ? 4 : 2}>
          <Tooltip label={t('reports.checklistEditor.up')}>
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              aria-label={t('reports.checklistEditor.moveUp', { name })}
              onClick={() => onMove(index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('reports.checklistEditor.down')}>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              aria-label={t('reports.checklistEditor.moveDown', { name })}
              onClick={() => onMove(index + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('reports.checklistEditor.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('reports.checklistEditor.removeEntry', { name })}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
          {extra}
        </Group>
      )}
    </Group>
  );
}
