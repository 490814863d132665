import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES } from '@/domain/constants';
import { uploadUrl } from '@/client/api/uploads';
import type { InventoryRecord } from '../model';
import type { PhotoChange } from '../use-inventory-actions';

interface PhotoFieldProps {
  item: InventoryRecord | null;
  value: PhotoChange;
  onChange: (value: PhotoChange) => void;
}

/** Pick, replace or remove the item's photo (the engine compresses it before it is stored). */
export function PhotoField({ item, value, onChange }: PhotoFieldProps) {
  const { t } = useTranslation();
  const picked = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked) : undefined), [picked]);
  const current = value.remove ? null : uploadUrl(item?.photo);
  const src = picked ?? current;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('inventory.fields.photo')}
      </Text>
      <Group gap="sm" align="center">
        {src ? (
          <Image src={src} alt={t('inventory.form.photoPreview')} w={96} h={96} radius="md" fit="cover" />
        ) : null}
        <FileButton
          accept={IMAGE_MIME_TYPES.join(',')}
          onChange={(file) => file && onChange({ file, remove: false })}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhoto size={16} />}>
              {src ? t('inventory.form.photoReplace') : t('inventory.form.photoPick')}
            </Button>
          )}
        </FileButton>
        {src ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onChange({ file: null, remove: !!item?.photo })}
          >
            {t('inventory.form.photoRemove')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
