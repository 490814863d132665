import { buildExcavatorPdf, type PdfImage } from '@/domain/pdf';
import { loadPdfFonts } from '@/client/lib/files/pdf-fonts';
import type { Language } from '@/domain/constants';
import type { Excavator } from '@/domain/excavator';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

/*
 * The excavator PDF in the browser. This module is imported lazily: jsPDF and the
 * builder load only when someone downloads a PDF. Fonts come from /fonts (precached by the service
 * worker) and the photo from the upload cache or the device, so it works offline.
 */

const PDF_IMAGE_TYPES: Record<string, PdfImage['type']> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
};

/**
 * The photo as a clean JPEG: decoded by the browser and drawn again, so jsPDF never meets a format or
 * a file it cannot read. Null when it cannot be read (a PDF without its photo beats no PDF).
 */
async function loadImage(url: string | null): Promise<PdfImage | null> {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const blob = await response.blob();
    const reencoded = await toJpeg(blob);
    if (reencoded) return { data: new Uint8Array(await reencoded.arrayBuffer()), type: 'JPEG' };
    const type = PDF_IMAGE_TYPES[blob.type] ?? PDF_IMAGE_TYPES[guessType(url)];
    return type ? { data: new Uint8Array(await blob.arrayBuffer()), type } : null;
  } catch {
    return null;
  }
}

const MAX_PHOTO_SIDE = 1200;

async function toJpeg(blob: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  const bitmap = await createImageBitmap(blob);
  const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((result) => resolve(result), 'image/jpeg', 0.85));
}

function guessType(url: string): string {
  if (/\.png($|\?)/i.test(url)) return 'image/png';
  if (/\.webp($|\?)/i.test(url)) return 'image/webp';
  if (/\.jpe?g($|\?)/i.test(url)) return 'image/jpeg';
  return '';
}

export interface ExcavatorPdfRequest {
  excavator: Excavator;
  language: Language;
  appName: string;
  /** The profile photo's URL (stored upload or a local object URL). */
  photoUrl: string | null;
}

export async function excavatorPdfBlob(request: ExcavatorPdfRequest): Promise<Blob> {
  const [fonts, profileImage] = await Promise.all([loadPdfFonts(), loadImage(request.photoUrl)]);
  const bytes = buildExcavatorPdf(request.excavator, {
    fonts,
    language: request.language,
    appName: request.appName,
    generatedAt: new Date(),
    timeZone: currentSiteTimeZone(),
    profileImage,
  });
  return new Blob([bytes], { type: 'application/pdf' });
}

export { excavatorPdfName } from '@/domain/pdf';
