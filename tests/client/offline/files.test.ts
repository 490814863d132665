import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressImage } from '@/client/offline/files';

afterEach(() => vi.unstubAllGlobals());

const photo = (bytes: number, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

describe('compressImage', () => {
  it('keeps the original where the browser cannot decode or draw images', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const original = photo(1000);
    expect(await compressImage(original)).toBe(original);
  });

  it('leaves files that are not photos alone', async () => {
    const pdf = photo(1000, 'application/pdf');
    expect(await compressImage(pdf)).toBe(pdf);
  });

  it('scales down to the longest side and re-encodes on an OffscreenCanvas', async () => {
    const drawn: number[][] = [];
    vi.stubGlobal('createImageBitmap', async () => ({ width: 4000, height: 3000, close: () => undefined }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext() {
          return {
            drawImage: (_image: unknown, _x: number, _y: number, w: number, h: number) => drawn.push([w, h]),
          };
        }
        async convertToBlob(options: { type: string; quality: number }) {
          return new Blob([new Uint8Array(100)], { type: options.type });
        }
      },
    );
    const result = await compressImage(photo(5000), { maxDimension: 1600 });
    expect(drawn).toEqual([[1600, 1200]]);
    expect(result.size).toBe(100);
    expect(result.type).toBe('image/jpeg');
  });

  it('keeps the original when encoding fails or would not make it smaller', async () => {
    vi.stubGlobal('createImageBitmap', async () => {
      throw new Error('cannot decode');
    });
    const broken = photo(10);
    expect(await compressImage(broken)).toBe(broken);
  });
});
