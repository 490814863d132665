import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline';
import { tagCounts, type InventoryRecord } from '../model';
import { actionErrorMessage, type useInventoryActions } from '../use-inventory-actions';
import type { InventoryView } from '../use-inventory';
import { BulkTagsModal } from './bulk-tags-modal';
import { DeleteItemModal } from './delete-item-modal';
import { ImportModal } from './import-modal';
import { ItemFormModal } from './item-form-modal';
import { TagManagerModal } from './tag-manager-modal';

export type InventoryDialog =
  | { kind: 'edit'; item: InventoryRecord | null }
  | { kind: 'delete'; item: InventoryRecord }
  | { kind: 'bulk' }
  | { kind: 'tags' }
  | { kind: 'import' };

interface InventoryDialogsProps {
  dialog: InventoryDialog | null;
  onClose: () => void;
  inventory: InventoryView;
  selectedItems: InventoryRecord[];
  actions: ReturnType<typeof useInventoryActions>;
  onBulkDone: () => void;
}

/** The one dialog open at a time: form, delete confirmation, bulk tags, tag manager, import. */
export function InventoryDialogs({
  dialog,
  onClose,
  inventory,
  selectedItems,
  actions,
  onBulkDone,
}: InventoryDialogsProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  if (!dialog) return null;
  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    onClose();
  };
  const tagOptions = inventory.tags.map((tag) => tag.tag);

  switch (dialog.kind) {
    case 'edit':
      return (
        <ItemFormModal
          item={dialog.item}
          tagOptions={tagOptions}
          typeOptions={inventory.types}
          locationOptions={inventory.locations}
          onClose={onClose}
          onSubmit={async (fields, photo) => {
            try {
              if (dialog.item) await actions.update(dialog.item, fields, photo);
              else await actions.create(fields, photo.file ?? null);
            } catch (error) {
              throw new Error(actionErrorMessage(error, t('inventory.errors.saveFailed')));
            }
            done(
              dialog.item
                ? t('inventory.notices.saved', { name: fields.name })
                : t('inventory.notices.created', { name: fields.name }),
            );
          }}
        />
      );
    case 'delete':
      return (
        <DeleteItemModal
          item={dialog.item}
          onClose={onClose}
          onConfirm={async () => {
            try {
              await actions.remove(dialog.item);
              done(t('inventory.notices.deleted', { name: dialog.item.name }));
            } catch (error) {
              notifications.show({
                color: 'red',
                message: actionErrorMessage(error, t('inventory.errors.deleteFailed')),
              });
            }
          }}
        />
      );
    case 'bulk':
      return (
        <BulkTagsModal
          count={selectedItems.length}
          tagOptions={tagOptions}
          selectedTags={tagCounts(selectedItems).map((tag) => tag.tag)}
          onClose={onClose}
          onSubmit={async (add, remove) => {
            try {
              await actions.bulkTags(selectedItems, add, remove);
            } catch (error) {
              throw new Error(actionErrorMessage(error, t('inventory.errors.tagsFailed')));
            }
            onBulkDone();
            done(t('inventory.notices.tagged', { count: selectedItems.length }));
          }}
        />
      );
    case 'tags':
      return (
        <TagManagerModal
          tags={inventory.tags}
          onClose={onClose}
          onRename={async (from, to) => {
            try {
              const count = await actions.renameTag(inventory.all ?? [], from, to);
              notifications.show({
                color: 'green',
                message: t('inventory.notices.renamed', { from, to, count }),
              });
            } catch (error) {
              throw new Error(actionErrorMessage(error, t('inventory.errors.tagsFailed')));
            }
          }}
        />
      );
    case 'import':
      return (
        <ImportModal
          onClose={onClose}
          onImported={async (result) => {
            const message = [
              t('inventory.import.completed', { imported: result.imported }),
              result.errors.length > 0
                ? t('inventory.import.errorsOccurred', { errors: result.errors.length })
                : '',
            ]
              .filter(Boolean)
              .join(' ');
            notifications.show({ color: result.errors.length > 0 ? 'orange' : 'green', message });
            await engine.pull().catch(() => undefined);
          }}
        />
      );
  }
}
