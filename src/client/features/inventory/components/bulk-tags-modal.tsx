import { Alert, Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_MAX_TAGS, tagSchema } from '@/domain/inventory';

interface BulkTagsModalProps {
  count: number;
  tagOptions: string[];
  /** Tags carried by at least one selected item (what can be removed). */
  selectedTags: string[];
  onSubmit: (add: string[], remove: string[]) => Promise<void>;
  onClose: () => void;
}

const invalidTag = (tags: readonly string[]) => tags.find((tag) => !tagSchema.safeParse(tag).success);

/** Add and remove tags on every selected item at once. */
export function BulkTagsModal({ count, tagOptions, selectedTags, onSubmit, onClose }: BulkTagsModalProps) {
  const { t } = useTranslation();
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = async () => {
    const bad = invalidTag([...add, ...remove]);
    if (bad !== undefined) {
      setError(t('inventory.validation.tagNamed', { tag: bad }));
      return;
    }
    if (add.length + remove.length === 0) {
      setError(t('inventory.bulk.nothing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(add, remove);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : t('inventory.errors.tagsFailed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('inventory.bulk.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('inventory.bulk.summary', { count })}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TagsInput
          label={t('inventory.bulk.add')}
          data={tagOptions}
          value={add}
          onChange={setAdd}
          maxTags={INVENTORY_MAX_TAGS}
          data-autofocus
        />
        <TagsInput
          label={t('inventory.bulk.remove')}
          data={selectedTags}
          value={remove}
          onChange={setRemove}
          maxTags={INVENTORY_MAX_TAGS}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button onClick={() => void apply()} loading={busy}>
            {t('inventory.bulk.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
