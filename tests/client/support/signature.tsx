import { useImperativeHandle, useState, type Ref } from 'react';
import type { SignatureCanvasHandle } from '@/client/ui/signature/signature-canvas';

export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * happy-dom has no canvas: the signature pad is replaced by a button that "draws" (tests import this and
 * register it with vi.mock('@/client/ui/signature/signature-canvas', ...)).
 */
export function FakeSignatureCanvas({
  ref,
  label,
  onDrawnChange,
  describedBy,
}: {
  ref?: Ref<SignatureCanvasHandle>;
  label: string;
  onDrawnChange?: (drawn: boolean) => void;
  describedBy?: string;
}) {
  const [drawn, setDrawn] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  useImperativeHandle(ref, () => ({
    clear: () => {
      setDrawn(false);
      setTyped(null);
      onDrawnChange?.(false);
    },
    isEmpty: () => !drawn && !typed,
    toDataURL: () => (drawn || typed ? PNG : ''),
    writeName: (name: string) => {
      setTyped(name);
      onDrawnChange?.(true);
    },
  }));
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      data-typed={typed ?? undefined}
      onClick={() => {
        setDrawn(true);
        onDrawnChange?.(true);
      }}
    >
      {`Draw: ${label}`}
    </button>
  );
}
