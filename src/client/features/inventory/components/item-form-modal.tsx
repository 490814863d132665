import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftNotice, useLeaveConfirm } from '@/client/ui/draft-notice';
import { useFormDraft } from '@/client/lib/drafts/use-form-draft';
import { INVENTORY_MAINTENANCE_TYPES, INVENTORY_MAX_TAGS, type InventoryFields } from '@/domain/inventory';
import { EMPTY_ITEM_FORM, formValuesOf, validateItemForm, type ItemFormValues } from '../item-form';
import { MAINTENANCE_TYPE_LABELS, type InventoryRecord } from '../model';
import type { PhotoChange } from '../use-inventory-actions';
import { PhotoField } from './photo-field';

interface ItemFormModalProps {
  /** null: a new item. */
  item: InventoryRecord | null;
  tagOptions: string[];
  typeOptions: string[];
  locationOptions: string[];
  /** Operators never see this form; the quantity field is for admins and managers. */
  onSubmit: (fields: InventoryFields, photo: PhotoChange) => Promise<void>;
  onClose: () => void;
}

/** Create or edit an item, validated with the shared schema (the server's rules and texts). */
export function ItemFormModal({
  item,
  tagOptions,
  typeOptions,
  locationOptions,
  onSubmit,
  onClose,
}: ItemFormModalProps) {
  const { t, i18n } = useTranslation();
  const [photo, setPhoto] = useState<PhotoChange>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ItemFormValues>({
    initialValues: item ? formValuesOf(item) : EMPTY_ITEM_FORM,
    validate: (values) => {
      const result = validateItemForm(values, t);
      return result.ok ? {} : result.errors;
    },
  });
  const draft = useFormDraft<ItemFormValues>({
    form: 'inventory',
    recordId: item?.id ?? null,
    read: () => form.getValues(),
    watch: form.values,
    dirty: form.isDirty() || !!photo.file || photo.remove === true,
    files: photo.file ? 1 : 0,
    apply: (values) => form.setValues(values),
  });
  const leave = useLeaveConfirm(draft);
  const close = () => leave.confirm(onClose);
  const decimalSeparator = i18n.language === 'en' ? '.' : ',';

  const submit = form.onSubmit(async (values) => {
    const result = validateItemForm(values, t);
    if (!result.ok) return;
    setSaving(true);
    setFailure(null);
    try {
      await draft.commit(() => onSubmit(result.fields, photo));
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('inventory.errors.saveFailed'));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal
      opened
      onClose={close}
      size="lg"
      title={item ? t('inventory.form.editTitle', { name: item.name }) : t('inventory.form.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DraftNotice draft={draft} asking={leave.asking} onStay={leave.stay} />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label={t('inventory.fields.name')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('inventory.fields.maker')} {...form.getInputProps('maker')} />
            <Autocomplete
              label={t('inventory.fields.type')}
              data={typeOptions}
              {...form.getInputProps('type')}
            />
            <NumberInput
              label={t('inventory.fields.quantity')}
              allowDecimal={false}
              description={item ? t('inventory.form.quantityHint') : undefined}
              {...form.getInputProps('quantity')}
            />
            <NumberInput
              label={t('inventory.fields.price')}
              decimalScale={2}
              decimalSeparator={decimalSeparator}
              leftSection="€"
              {...form.getInputProps('price')}
            />
            <NumberInput
              label={t('inventory.fields.minQuantity')}
              description={t('inventory.form.minQuantityHint')}
              allowDecimal={false}
              {...form.getInputProps('minQuantity')}
            />
            <Autocomplete
              label={t('inventory.fields.location')}
              data={locationOptions}
              {...form.getInputProps('location')}
            />
            <Select
              label={t('inventory.fields.maintenanceType')}
              clearable
              data={INVENTORY_MAINTENANCE_TYPES.map((type) => ({
                value: type,
                label: t(MAINTENANCE_TYPE_LABELS[type]),
              }))}
              {...form.getInputProps('maintenanceType')}
            />
          </SimpleGrid>
          <TagsInput
            label={t('inventory.fields.tags')}
            description={t('inventory.form.tagsHint')}
            data={tagOptions}
            maxTags={INVENTORY_MAX_TAGS}
            clearable
            {...form.getInputProps('tags')}
          />
          <Textarea label={t('inventory.fields.notes')} rows={3} {...form.getInputProps('notes')} />
          <PhotoField item={item} value={photo} onChange={setPhoto} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              {t('inventory.actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {item ? t('inventory.actions.save') : t('inventory.actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
