import { useCallback, useMemo, useRef } from 'react';

/**
 * The control that opened a dialog. An item of a dropdown menu is gone once the menu closes, so the
 * menu's own button (the element whose `aria-controls` names the menu) stands in for it.
 */
function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  if (menu?.id) {
    const target = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (target) return target;
  }
  return element;
}

export interface DialogOpener {
  /** Call where the dialog is opened (in the click or key handler): remembers the focused control. */
  remember(): void;
  /** Call where the dialog is closed: focus goes back to that control unless it moved on meanwhile. */
  restore(): void;
}

/**
 * Focus back to the opener for dialogs that are mounted only while open. Mantine's modal returns
 * focus when its `opened` prop turns false, but a modal that is simply unmounted never saw it turn
 * true, and keyboard users land at the top of the page.
 */
export function useDialogOpener(): DialogOpener {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = openerOf(document.activeElement);
  }, []);
  const restore = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    // After the dialog has unmounted and taken its focus trap along.
    window.setTimeout(() => {
      const active = document.activeElement;
      if (element.isConnected && (active === null || active === document.body)) {
        element.focus({ preventScroll: true });
      }
    }, 0);
  }, []);
  return useMemo(() => ({ remember, restore }), [remember, restore]);
}
