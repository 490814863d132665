/*
 * Category names on a chart axis: long German names ("Magnetabscheider-Band") would be cut at the
 * chart's left edge. A name that does not fit the axis ends in an ellipsis instead, and the whole name
 * stays in the tick's tooltip (an SVG title) and in the chart's table view.
 */

/** Width of the category axis of a horizontal bar chart, in px. */
export const CATEGORY_AXIS_WIDTH = 176;
const FONT_SIZE = 12;
/** Space between the tick text and the bars. */
const GAP = 10;

let context: CanvasRenderingContext2D | null | undefined;

/** The rendered width of a text at the axis font, or an estimate where there is no canvas (tests). */
function textWidth(text: string): number {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
    if (context) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      context.font = `${FONT_SIZE}px ${family}`;
    }
  }
  if (context) return context.measureText(text).width;
  return text.length * FONT_SIZE * 0.6;
}

/** `text` as it fits into `width` px: whole, or shortened at the end with an ellipsis. */
export function fitLabel(text: string, width: number, measure: (s: string) => number = textWidth): string {
  if (measure(text) <= width) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  // The longest start of the text that fits together with the ellipsis.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/** A category tick of a horizontal bar chart: the name, shortened to the axis, in full on hover. */
export function CategoryTick({ x, y, payload }: TickProps) {
  const full = String(payload?.value ?? '');
  return (
    <text
      x={Number(x ?? 0) - GAP}
      y={Number(y ?? 0)}
      dy={4}
      textAnchor="end"
      fontSize={FONT_SIZE}
      fill="currentColor"
      data-testid="chart-category-tick"
    >
      <title>{full}</title>
      {fitLabel(full, CATEGORY_AXIS_WIDTH - GAP - 4)}
    </text>
  );
}
