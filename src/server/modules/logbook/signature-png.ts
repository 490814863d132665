import { deflateSync } from 'node:zlib';

/*
 * Small generated signatures for the demo data: a handwriting-like stroke in dark blue ink on a
 * transparent background, as a PNG data URL like the ones signature_pad draws. The stroke is a function
 * of the name, so every demo user signs differently and the same way every time.
 */

const WIDTH = 240;
const HEIGHT = 80;
const INK: [number, number, number] = [20, 40, 110];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
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

/** RGBA pixels → PNG bytes (8-bit, colour type 6, no filter). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** A signature-like PNG data URL for `name`. */
export function demoSignature(name: string): string {
  const rgba = new Uint8Array(WIDTH * HEIGHT * 4);
  const seed = hash(name);
  const loops = 3 + (seed % 4);
  const wobble = 0.6 + ((seed >>> 4) % 50) / 100;
  const dot = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= WIDTH || py >= HEIGHT) continue;
        const i = (py * WIDTH + px) * 4;
        rgba.set([...INK, 255], i);
      }
    }
  };
  // A looping stroke across the box, then an underline.
  for (let s = 0; s <= 1; s += 0.0008) {
    const x = 14 + s * (WIDTH - 40) + 10 * Math.sin(s * Math.PI * 2 * loops);
    const y = HEIGHT / 2 + 18 * Math.sin(s * Math.PI * 2 * loops * wobble + (seed % 7)) * (1 - s * 0.4);
    dot(x, y);
  }
  for (let x = 20; x < WIDTH - 30; x += 0.5) dot(x, HEIGHT - 12 + Math.sin(x / 30) * 1.5);
  return `data:image/png;base64,${encodePng(WIDTH, HEIGHT, rgba).toString('base64')}`;
}
