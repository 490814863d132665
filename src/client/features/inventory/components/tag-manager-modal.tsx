import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagKey, tagSchema } from '@/domain/inventory';
import type { TagCount } from '../model';

interface TagManagerModalProps {
  tags: TagCount[];
  /** Renames `from` to `to` on every item; onto an existing tag the two merge. */
  onRename: (from: string, to: string) => Promise<void>;
  onClose: () => void;
}

function RenameForm({
  tag,
  tags,
  onRename,
  onDone,
}: {
  tag: TagCount;
  tags: TagCount[];
  onRename: TagManagerModalProps['onRename'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [to, setTo] = useState(tag.tag);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = tags.find((other) => other !== tag && tagKey(other.tag) === tagKey(to));

  const submit = async () => {
    if (!tagSchema.safeParse(to).success) {
      setError(t('inventory.validation.tag'));
      return;
    }
    if (to.trim() === tag.tag) {
      onDone();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onRename(tag.tag, to.trim());
      onDone();
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : t('inventory.errors.tagsFailed'),
      );
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={6}>
        <TextInput
          label={t('inventory.tags.newName', { tag: tag.tag })}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={error}
          data-autofocus
          autoFocus
        />
        {target ? (
          <Alert color="yellow" p="xs">
            {t('inventory.tags.mergeHint', { from: tag.tag, to: target.tag, count: tag.count })}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone} disabled={busy}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={busy} color={target ? 'yellow' : undefined}>
            {target ? t('inventory.tags.merge') : t('inventory.tags.rename')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every tag with its count; rename one, or merge it into another by renaming onto it. */
export function TagManagerModal({ tags, onRename, onClose }: TagManagerModalProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('inventory.tags.title')} size="md">
      {tags.length === 0 ? (
        <Text c="dimmed">{t('inventory.tags.empty')}</Text>
      ) : (
        <ScrollArea.Autosize mah="60vh">
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {tags.map((tag) => (
              <li key={tag.tag}>
                {editing === tag.tag ? (
                  <RenameForm tag={tag} tags={tags} onRename={onRename} onDone={() => setEditing(null)} />
                ) : (
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs">
                      <Badge variant="outline" tt="none" size="lg">
                        {tag.tag}
                      </Badge>
                      <Text size="sm" c="dimmed">
                        {t('inventory.tags.count', { count: tag.count })}
                      </Text>
                    </Group>
                    <ActionIcon
                      variant="subtle"
                      size={36}
                      aria-label={t('inventory.tags.renameOne', { tag: tag.tag })}
                      onClick={() => setEditing(tag.tag)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
