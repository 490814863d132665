import { useEffect, useMemo, useState } from 'react';

/** The photo changes of one form: new files, and stored images marked for removal. */
export interface MediaState {
  profileFile: File | null;
  removeProfileImage: boolean;
  galleryFiles: File[];
  removeGallery: string[];
}

export const EMPTY_MEDIA: MediaState = {
  profileFile: null,
  removeProfileImage: false,
  galleryFiles: [],
  removeGallery: [],
};

export function mediaChanged(media: MediaState): boolean {
  return (
    media.profileFile !== null ||
    media.removeProfileImage ||
    media.galleryFiles.length > 0 ||
    media.removeGallery.length > 0
  );
}

/** Object URLs for files picked in the form, revoked when they change or the form closes. */
export function useObjectUrls(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

export function useMediaState() {
  return useState<MediaState>(EMPTY_MEDIA);
}
