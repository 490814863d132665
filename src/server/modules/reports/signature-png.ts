import { deflateSync } from 'node:zlib';

/*
 * A tiny PNG encoder that draws a handwriting-like stroke: demo data and tests need signatures that
 * look like signatures (a PNG data URL, as signature_pad produces) without shipping image files.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA pixels (width × height × 4) → PNG bytes. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A signature-like stroke on a transparent background as a PNG data URL; `seed` varies its shape, so
 * different people get different signatures.
 */
export function signaturePng(seed: number, width = 240, height = 80): string {
  const rgba = new Uint8Array(width * height * 4);
  const ink = [22, 42, 110];
  const dot = (cx: number, cy: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const x = Math.round(cx + dx);
        const y = Math.round(cy + dy);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const i = (y * width + x) * 4;
        rgba.set([ink[0]!, ink[1]!, ink[2]!, 255], i);
      }
    }
  };
  const a = 1.5 + (seed % 5) * 0.35;
  const b = 3 + (seed % 3);
  const phase = (seed % 7) * 0.6;
  const steps = width * 6;
  for (let s = 0; s < steps; s++) {
    const t = s / steps;
    const x = 12 + t * (width - 24) + Math.sin(t * Math.PI * 2 * b + phase) * 9;
    const y =
      height / 2 +
      Math.sin(t * Math.PI * 2 * a + phase) * (height * 0.28) * (1 - t * 0.4) +
      Math.cos(t * Math.PI * 2 * b) * 6;
    dot(x, y);
  }
  // The underline of a signature.
  for (let x = 20; x < width * 0.7; x++) dot(x, height - 12 + Math.sin(x / 15 + seed) * 1.5);
  return `data:image/png;base64,${encodePng(width, height, rgba).toString('base64')}`;
}
