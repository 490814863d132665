import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/domain/constants';
import { move, newItem, relabel, type EditCategory } from './editor-state';
import { EntryRow } from './entry-row';

interface CategoryCardProps {
  category: EditCategory;
  index: number;
  count: number;
  language: Language;
  readOnly: boolean;
  /** The translated problem of an entry's key, by uid. */
  errorOf: (uid: string) => string | undefined;
  onChange: (next: EditCategory) => void;
  onLabel: (text: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One category of the checklist editor with its items. */
export function CategoryCard({
  category,
  index,
  count,
  language,
  readOnly,
  errorOf,
  onChange,
  onLabel,
  onMove,
  onRemove,
}: CategoryCardProps) {
  const { t } = useTranslation();
  const items = category.items;
  const setItems = (next: EditCategory['items']) => onChange({ ...category, items: next });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="checklist-category">
      <EntryRow
        entry={category}
        language={language}
        readOnly={readOnly}
        size="md"
        kind={t('reports.checklistEditor.category')}
        error={errorOf(category.uid)}
        index={index}
        count={count}
        onLabel={onLabel}
        onKey={(key) => onChange({ ...category, key, auto: false })}
        onMove={onMove}
        onRemove={onRemove}
      />
      <Stack gap={6} mt="sm" pl={{ base: 'xs', sm: 'xl' }}>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('reports.checklistEditor.noItems')}
          </Text>
        ) : null}
        {items.map((item, i) => (
          <EntryRow
            key={item.uid}
            entry={item}
            language={language}
            readOnly={readOnly}
            kind={t('reports.checklistEditor.item')}
            error={errorOf(item.uid)}
            index={i}
            count={items.length}
            onLabel={(text) =>
              setItems(
                items.map((x) => (x.uid === item.uid ? relabel(item, language, text, items, 'item') : x)),
              )
            }
            onKey={(key) => setItems(items.map((x) => (x.uid === item.uid ? { ...x, key, auto: false } : x)))}
            onMove={(to) => setItems(move(items, i, to))}
            onRemove={() => setItems(items.filter((x) => x.uid !== item.uid))}
          />
        ))}
        {readOnly ? null : (
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() => setItems([...items, newItem(category)])}
            >
              {t('reports.checklistEditor.addItem')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
