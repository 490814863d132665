import { Image, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { uploadUrl } from '@/client/api/uploads';
import { useLocalFiles } from '@/client/offline';
import type { InventoryRecord } from '../model';

interface ItemPhotoProps {
  item: InventoryRecord;
  size: number;
  /** The item waits to sync: its new photo may still be on this device only. */
  pending: boolean;
}

function Placeholder({ size }: { size: number }) {
  return (
    <ThemeIcon variant="light" color="gray" size={size} radius="md" aria-hidden style={{ flexShrink: 0 }}>
      <IconPackage size={Math.round(size * 0.5)} />
    </ThemeIcon>
  );
}

function Thumb({ src, alt, size }: { src: string; alt: string; size: number }) {
  return (
    <Image
      src={src}
      alt={alt}
      w={size}
      h={size}
      radius="md"
      fit="cover"
      loading="lazy"
      style={{ flexShrink: 0 }}
    />
  );
}

function LocalPhoto({ item, size }: { item: InventoryRecord; size: number }) {
  const local = useLocalFiles(item.id).find((file) => file.type.startsWith('image/'));
  const src = local?.url ?? uploadUrl(item.photo);
  return src ? <Thumb src={src} alt={item.name} size={size} /> : <Placeholder size={size} />;
}

/** The item's photo as a small square: the upload, a photo still waiting on the device, or an icon. */
export function ItemPhoto({ item, size, pending }: ItemPhotoProps) {
  if (pending) return <LocalPhoto item={item} size={size} />;
  const src = uploadUrl(item.photo);
  return src ? <Thumb src={src} alt={item.name} size={size} /> : <Placeholder size={size} />;
}
