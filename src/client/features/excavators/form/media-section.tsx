import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Fieldset,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowBackUp, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXCAVATOR_MAX_GALLERY } from '@/domain/excavator';
import { uploadUrl } from '@/client/api/uploads';
import { useObjectUrls, type MediaState } from './media-state';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface MediaSectionProps {
  /** The stored images of the machine being edited (none when creating). */
  storedProfile: string | null;
  storedGallery: readonly string[];
  media: MediaState;
  onChange(next: MediaState): void;
}

interface TileProps {
  src: string;
  alt: string;
  marked?: boolean;
  onPreview(): void;
  action: { label: string; icon: 'remove' | 'undo'; onClick(): void };
}

function Tile({ src, alt, marked = false, onPreview, action }: TileProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="gallery-tile" data-marked={marked || undefined}>
      <UnstyledButton onClick={onPreview} aria-label={t('excavators.form.preview', { name: alt })}>
        <Image src={src} alt={alt} h={96} radius="sm" fit="cover" style={{ opacity: marked ? 0.35 : 1 }} />
      </UnstyledButton>
      <Group gap={4} justify="space-between" wrap="nowrap">
        {marked ? (
          <Badge size="xs" color="red" variant="light">
            {t('excavators.form.markedForRemoval')}
          </Badge>
        ) : (
          <span />
        )}
        <ActionIcon
          variant="subtle"
          color={action.icon === 'remove' ? 'red' : 'gray'}
          size={36}
          aria-label={action.label}
          onClick={action.onClick}
        >
          {action.icon === 'remove' ? <IconTrash size={16} /> : <IconArrowBackUp size={16} />}
        </ActionIcon>
      </Group>
    </Stack>
  );
}

/** Profile photo and gallery: add, preview, remove new ones, mark stored ones for removal. */
export function MediaSection({ storedProfile, storedGallery, media, onChange }: MediaSectionProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [profileUrl] = useObjectUrls(media.profileFile ? [media.profileFile] : []);
  const newUrls = useObjectUrls(media.galleryFiles);
  const shownProfile = profileUrl ?? (media.removeProfileImage ? null : uploadUrl(storedProfile));
  const keptCount = storedGallery.length - media.removeGallery.length + media.galleryFiles.length;
  const room = Math.max(0, EXCAVATOR_MAX_GALLERY - keptCount);

  return (
    <Fieldset legend={t('excavators.form.sections.media')} radius="md">
      <Stack gap="md">
        <Group gap="md" align="center">
          {shownProfile ? (
            <UnstyledButton
              onClick={() => setPreview(shownProfile)}
              aria-label={t('excavators.form.previewProfile')}
            >
              <Image
                src={shownProfile}
                alt={t('excavators.fields.profileImage')}
                w={120}
                h={90}
                radius="md"
                fit="cover"
              />
            </UnstyledButton>
          ) : (
            <Text size="sm" c="dimmed">
              {t('excavators.form.noProfileImage')}
            </Text>
          )}
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t('excavators.fields.profileImage')}
            </Text>
            <Group gap="xs">
              <FileButton
                accept={ACCEPT}
                onChange={(file) =>
                  file && onChange({ ...media, profileFile: file, removeProfileImage: false })
                }
              >
                {(props) => (
                  <Button {...props} variant="light" mih={44} leftSection={<IconPhotoPlus size={16} />}>
                    {shownProfile ? t('excavators.form.replaceProfile') : t('excavators.form.chooseProfile')}
                  </Button>
                )}
              </FileButton>
              {shownProfile ? (
                <Button
                  variant="subtle"
                  color="red"
                  mih={44}
                  onClick={() =>
                    onChange({ ...media, profileFile: null, removeProfileImage: storedProfile !== null })
                  }
                >
                  {t('excavators.form.removeProfile')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Group>

        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={500} size="sm">
              {t('excavators.fields.gallery')}
            </Text>
            <FileButton
              accept={ACCEPT}
              multiple
              disabled={room === 0}
              onChange={(files) =>
                onChange({ ...media, galleryFiles: [...media.galleryFiles, ...files.slice(0, room)] })
              }
            >
              {(props) => (
                <Button {...props} variant="light" mih={44} leftSection={<IconPhotoPlus size={16} />}>
                  {t('excavators.form.addPhotos')}
                </Button>
              )}
            </FileButton>
          </Group>
          {storedGallery.length + media.galleryFiles.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('excavators.form.noGallery')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="sm">
              {storedGallery.map((path, index) => {
                const marked = media.removeGallery.includes(path);
                const src = uploadUrl(path) ?? '';
                const alt = t('excavators.form.galleryPhoto', { index: index + 1 });
                return (
                  <Tile
                    key={path}
                    src={src}
                    alt={alt}
                    marked={marked}
                    onPreview={() => setPreview(src)}
                    action={{
                      label: marked
                        ? t('excavators.form.keepPhoto', { name: alt })
                        : t('excavators.form.markPhoto', { name: alt }),
                      icon: marked ? 'undo' : 'remove',
                      onClick: () =>
                        onChange({
                          ...media,
                          removeGallery: marked
                            ? media.removeGallery.filter((p) => p !== path)
                            : [...media.removeGallery, path],
                        }),
                    }}
                  />
                );
              })}
              {media.galleryFiles.map((file, index) => {
                const src = newUrls[index] ?? '';
                return (
                  <Tile
                    key={`${file.name}-${index}`}
                    src={src}
                    alt={file.name}
                    onPreview={() => setPreview(src)}
                    action={{
                      label: t('excavators.form.removeNewPhoto', { name: file.name }),
                      icon: 'remove',
                      onClick: () =>
                        onChange({
                          ...media,
                          galleryFiles: media.galleryFiles.filter((_, i) => i !== index),
                        }),
                    }}
                  />
                );
              })}
            </SimpleGrid>
          )}
          <Text size="xs" c="dimmed">
            {t('excavators.form.photosHint')}
          </Text>
        </Stack>
      </Stack>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        size="xl"
        centered
        title={t('excavators.form.previewTitle')}
        closeButtonProps={{ 'aria-label': t('excavators.close') }}
      >
        {preview ? (
          <Image src={preview} alt={t('excavators.form.previewTitle')} radius="md" fit="contain" mah="70vh" />
        ) : null}
      </Modal>
    </Fieldset>
  );
}
