import { encodePng } from '../reports/signature-png';

/*
 * A small side-view drawing of an excavator as a PNG, for the demo fleet: demo data needs photos that
 * look like machines without shipping image files. The body colour and the arm pose vary per machine.
 */

type Rgb = readonly [number, number, number];

const WIDTH = 320;
const HEIGHT = 200;

class Canvas {
  readonly pixels = new Uint8Array(WIDTH * HEIGHT * 4);

  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (Math.floor(y) * WIDTH + Math.floor(x)) * 4;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
    this.pixels[i + 3] = 255;
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) this.set(xx, yy, colour);
  }

  /** A thick straight line (arm, boom). */
  line(x0: number, y0: number, x1: number, y1: number, thickness: number, colour: Rgb) {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
    const r = thickness / 2;
    for (let s = 0; s <= steps; s++) {
      const cx = x0 + ((x1 - x0) * s) / steps;
      const cy = y0 + ((y1 - y0) * s) / steps;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          if (dx * dx + dy * dy <= r * r) this.set(cx + dx, cy + dy, colour);
        }
    }
  }

  disc(cx: number, cy: number, radius: number, colour: Rgb) {
    this.line(cx, cy, cx, cy, radius * 2, colour);
  }
}

/** Body colours of the demo brands (yellow, orange, grey-blue …). */
export const DEMO_BODY_COLOURS: readonly Rgb[] = [
  [247, 181, 0],
  [236, 102, 8],
  [226, 196, 40],
  [80, 110, 140],
  [200, 40, 40],
];

/** The PNG bytes of a demo excavator photo; the same seed draws the same picture. */
export function demoExcavatorPhoto(seed: number): Buffer {
  const canvas = new Canvas();
  const body = DEMO_BODY_COLOURS[seed % DEMO_BODY_COLOURS.length]!;
  const dark: Rgb = [45, 45, 50];
  const glass: Rgb = [170, 210, 235];
  // Sky and ground.
  for (let y = 0; y < HEIGHT; y++) {
    const sky: Rgb = [150 + Math.round((y / HEIGHT) * 60), 190 + Math.round((y / HEIGHT) * 40), 235];
    canvas.rect(0, y, WIDTH, 1, y < 150 ? sky : [120, 100, 80]);
  }
  canvas.rect(0, 150, WIDTH, 4, [95, 80, 65]);
  // Tracks, body, cab.
  canvas.rect(60, 128, 150, 22, dark);
  for (let x = 70; x <= 200; x += 26) canvas.disc(x, 139, 7, [90, 90, 95]);
  canvas.rect(70, 92, 130, 36, body);
  canvas.rect(150, 62, 46, 40, body);
  canvas.rect(156, 68, 34, 22, glass);
  canvas.rect(74, 86, 40, 8, dark);
  // Boom, arm and bucket; the pose depends on the seed.
  const lift = (seed >>> 3) % 30;
  const boomEnd: [number, number] = [250, 50 + lift];
  const armEnd: [number, number] = [285 + ((seed >>> 5) % 15), 115 + lift / 2];
  canvas.line(190, 95, boomEnd[0], boomEnd[1], 12, body);
  canvas.line(boomEnd[0], boomEnd[1], armEnd[0], armEnd[1], 9, body);
  canvas.rect(armEnd[0] - 12, armEnd[1], 24, 16, dark);
  return encodePng(WIDTH, HEIGHT, canvas.pixels);
}
