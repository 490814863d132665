import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureCanvasHandle {
  clear(): void;
  isEmpty(): boolean;
  /** The drawing as a PNG data URL (transparent background, prints on any paper). */
  toDataURL(): string;
}

interface SignatureCanvasProps {
  ref?: Ref<SignatureCanvasHandle>;
  /** Accessible name of the drawing area. */
  label: string;
  /** Called with `true` once something is drawn and with `false` after clearing. */
  onDrawnChange?: (drawn: boolean) => void;
  /** @default 200 */
  height?: number;
}

/**
 * A drawing area for a signature (mouse, pen and touch via pointer events). The canvas follows its
 * box and the device pixel ratio, keeping the strokes when the tablet rotates.
 */
export function SignatureCanvas({ ref, label, onDrawnChange, height = 200 }: SignatureCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onDrawnRef = useRef(onDrawnChange);
  useEffect(() => {
    onDrawnRef.current = onDrawnChange;
  }, [onDrawnChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, { penColor: '#111', minWidth: 0.8, maxWidth: 2.6 });
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
      if (strokes.length) pad.fromData(strokes);
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
        padRef.current?.clear();
        onDrawnRef.current?.(false);
      },
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toDataURL: () => padRef.current?.toDataURL('image/png') ?? '',
    }),
    [],
  );

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
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
