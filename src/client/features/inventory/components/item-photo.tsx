import { IconPackage } from '@tabler/icons-react';
import { uploadUrl } from '@/client/api/uploads';
import { useLocalFiles } from '@/client/offline';
import type { InventoryRecord } from '../model';
import classes from './row-controls.module.css';

interface ItemPhotoProps {
  item: InventoryRecord;
  size: number;
  /** The item waits to sync: its new photo may still be on this device only. */
  pending: boolean;
}

// Plain elements (row-controls.module.css): every row of a long list shows one.
/** The package icon shown for an item without a photo. */
function NoPhoto({ size }: { size: number }) {
  return (
    <div className={classes.noPhoto} style={{ width: size, height: size }} aria-hidden>
      <IconPackage size={Math.round(size * 0.5)} />
    </div>
  );
}

function Thumb({ src, alt, size }: { src: string; alt: string; size: number }) {
  return (
    <img
      className={classes.photo}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

function LocalPhoto({ item, size }: { item: InventoryRecord; size: number }) {
  const local = useLocalFiles(item.id).find((file) => file.type.startsWith('image/'));
  const src = local?.url ?? uploadUrl(item.photo);
  return src ? <Thumb src={src} alt={item.name} size={size} /> : <NoPhoto size={size} />;
}

/** The item's photo as a small square: the upload, a photo still waiting on the device, or an icon. */
export function ItemPhoto({ item, size, pending }: ItemPhotoProps) {
  if (pending) return <LocalPhoto item={item} size={size} />;
  const src = uploadUrl(item.photo);
  return src ? <Thumb src={src} alt={item.name} size={size} /> : <NoPhoto size={size} />;
}
