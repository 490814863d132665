import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureCanvasHandle {
  clear(): void;
  isEmpty(): boolean;
  /** The drawing as a PNG data URL (transparent background, prints on any paper). */
  toDataURL(): string;
  /**
   * Signs with a name instead of a drawing: the keyboard's way to sign. Replaces what was drawn; strokes
   * drawn afterwards are added to it.
   */
  writeName(name: string): void;
}

interface SignatureCanvasProps {
  ref?: Ref<SignatureCanvasHandle>;
  /** Accessible name of the drawing area. */
  label: string;
  /** Called with `true` once something is drawn and with `false` after clearing. */
  onDrawnChange?: (drawn: boolean) => void;
  /** @default 200 */
  height?: number;
  /** Id of the text that says who signed and when, for screen readers. */
  describedBy?: string;
}

const INK = '#111';
const SCRIPT_FONT = '"Segoe Script", "Brush Script MT", "URW Chancery L", cursive';

/** The name written across the middle of the pad, as large as fits its width. */
function drawName(canvas: HTMLCanvasElement, name: string, height: number) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const width = canvas.offsetWidth || canvas.width;
  let size = Math.min(Math.round(height * 0.3), 44);
  context.save();
  context.font = `italic ${size}px ${SCRIPT_FONT}`;
  while (size > 12 && context.measureText(name).width > width - 32) {
    size -= 2;
    context.font = `italic ${size}px ${SCRIPT_FONT}`;
  }
  context.fillStyle = INK;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(name, width / 2, height / 2);
  context.restore();
}

/**
 * A drawing area for a signature (mouse, pen and touch via pointer events). The canvas follows its
 * box and the device pixel ratio, keeping the strokes when the tablet rotates.
 */
export function SignatureCanvas({
  ref,
  label,
  onDrawnChange,
  height = 200,
  describedBy,
}: SignatureCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  /** The name signed with from the keyboard, drawn again whenever the canvas is resized. */
  const typedRef = useRef<string | null>(null);
  const onDrawnRef = useRef(onDrawnChange);
  useEffect(() => {
    onDrawnRef.current = onDrawnChange;
  }, [onDrawnChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const onEnd = () => onDrawnRef.current?.(!pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);

    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      if (!width) return;
      const strokes = pad.toData();
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (typedRef.current) drawName(canvas, typedRef.current, height);
      if (strokes.length) pad.fromData(strokes, { clear: false });
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [height]);

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        typedRef.current = null;
        padRef.current?.clear();
        onDrawnRef.current?.(false);
      },
      isEmpty: () => !typedRef.current && (padRef.current?.isEmpty() ?? true),
      toDataURL: () => padRef.current?.toDataURL('image/png') ?? '',
      writeName(name: string) {
        const canvas = canvasRef.current;
        const trimmed = name.trim();
        if (!canvas || !trimmed) return;
        padRef.current?.clear();
        typedRef.current = trimmed;
        drawName(canvas, trimmed, height);
        onDrawnRef.current?.(true);
      },
    }),
    [height],
  );

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="signature-canvas"
      style={{
        display: 'block',
        width: '100%',
        height,
        touchAction: 'none',
        // Paper white in both themes: the pen is dark and the saved PNG is printed.
        background: '#fff',
        border: '1px dashed var(--mantine-color-gray-5)',
        borderRadius: 'var(--mantine-radius-md)',
        cursor: 'crosshair',
      }}
    />
  );
}
