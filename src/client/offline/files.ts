import { IMAGE_MIME_TYPES } from '@/domain/constants';
import type { OfflineDb } from './db';
import type { FilePart, FileRow } from './types';

export interface CompressOptions {
  /** Longest side in pixels after scaling. @default 1600 */
  maxDimension?: number;
  /** JPEG/WebP quality 0–1. @default 0.82 */
  quality?: number;
}

interface Canvas2d {
  drawImage(image: CanvasImageSource, x: number, y: number, w: number, h: number): void;
}
interface CanvasLike {
  getContext(kind: '2d'): Canvas2d | null;
}

function createCanvas(width: number, height: number): CanvasLike | null {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encodeCanvas(canvas: CanvasLike, type: string, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas) {
    return canvas.convertToBlob({ type, quality });
  }
  const element = canvas as HTMLCanvasElement;
  if (typeof element.toBlob !== 'function') return null;
  return new Promise((resolve) => element.toBlob((blob) => resolve(blob), type, quality));
}

/**
 * Shrinks a photo on the device before it is stored (tablets take 10 MB pictures; the outbox keeps
 * them until the connection returns). PNGs (signatures, drawings) keep their format. Where the browser
 * has no canvas or cannot decode the image, the original is kept: a large photo beats a lost one.
 */
export async function compressImage(blob: Blob, options: CompressOptions = {}): Promise<Blob> {
  const { maxDimension = 1600, quality = 0.82 } = options;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(blob.type)) return blob;
  if (typeof createImageBitmap !== 'function') return blob;
  try {
    const bitmap = await createImageBitmap(blob);
    const scale = Math.min(1, maxDimension / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = createCanvas(width, height);
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return blob;
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close?.();
    const type = blob.type === 'image/png' ? 'image/png' : blob.type;
    const result = await encodeCanvas(canvas, type, quality);
    return result && result.size < blob.size ? result : blob;
  } catch {
    return blob;
  }
}

/** A file as the outbox stores it: ArrayBuffer and MIME type (Blobs do not survive every IndexedDB). */
export async function toFileRow(
  blob: Blob,
  recordId: string,
  id: string,
  now: string,
  compress: (blob: Blob) => Promise<Blob> = compressImage,
): Promise<FileRow> {
  const stored = await compress(blob);
  const name = (blob as File).name || `${id}.${(stored.type.split('/')[1] ?? 'bin').replace('jpeg', 'jpg')}`;
  return {
    id,
    data: await stored.arrayBuffer(),
    type: stored.type || 'application/octet-stream',
    name,
    size: stored.size,
    recordId,
    entryId: null,
    createdAt: now,
  };
}

export function fileRowToBlob(row: FileRow): Blob {
  return new Blob([row.data], { type: row.type });
}

function formValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Files upload with their record: one multipart request carries the record's fields and its files,
 * built at send time from the `files` rows (so a retry sends exactly the same bytes).
 */
export async function buildFormData(
  db: OfflineDb,
  data: Record<string, unknown>,
  files: readonly FilePart[],
): Promise<FormData> {
  const form = new FormData();
  for (const [field, value] of Object.entries(data)) {
    const text = formValue(value);
    if (text !== null) form.append(field, text);
  }
  const rows = await db.files.bulkGet(files.map((part) => part.fileId));
  files.forEach((part, index) => {
    const row = rows[index];
    if (!row) throw new Error(`The file ${part.fileId} of this change is missing on the device`);
    const file =
      typeof File === 'function' ? new File([row.data], row.name, { type: row.type }) : fileRowToBlob(row);
    form.append(part.field, file, row.name);
  });
  return form;
}
