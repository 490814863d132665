import { Avatar, Image, type MantineRadius } from '@mantine/core';
import { IconBackhoe } from '@tabler/icons-react';
import { uploadUrl } from '@/client/api/uploads';
import { useProfileImageUrl } from '../use-local-images';

interface ExcavatorPhotoProps {
  id: string;
  name: string;
  /** Stored relative path (synced) or null. */
  path: string | null;
  /** The record has changes waiting: a new photo may be on this device only. */
  pending: boolean;
  size: number;
  radius?: MantineRadius;
}

function Photo({
  src,
  name,
  size,
  radius = 'md',
}: {
  src: string | null;
  name: string;
  size: number;
  radius?: MantineRadius;
}) {
  return (
    <Avatar src={src} alt={name} size={size} radius={radius} color="blue" variant="light">
      <IconBackhoe size={Math.round(size * 0.55)} aria-hidden />
    </Avatar>
  );
}

function PendingPhoto(props: ExcavatorPhotoProps) {
  const src = useProfileImageUrl(props.id, props.path, true);
  return <Photo src={src} name={props.name} size={props.size} radius={props.radius} />;
}

/** The machine's profile photo as a square thumbnail; a machine icon when there is none. */
export function ExcavatorPhoto(props: ExcavatorPhotoProps) {
  if (props.pending) return <PendingPhoto {...props} />;
  return <Photo src={uploadUrl(props.path)} name={props.name} size={props.size} radius={props.radius} />;
}

/** A large photo for the quick view: local one first, then the stored one; nothing when there is none. */
export function ExcavatorHeroPhoto({ id, name, path }: { id: string; name: string; path: string | null }) {
  const src = useProfileImageUrl(id, path, true);
  if (!src) return <Photo src={null} name={name} size={120} radius="lg" />;
  return <Image src={src} alt={name} radius="md" h={200} fit="cover" />;
}
