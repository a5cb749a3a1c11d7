import { useEffect, useRef } from 'react';

/**
 * Escape closes a tool (the crop tool, the mask editor) like its Cancel button, unless a dialog
 * over it (the results drawer, the viewer) takes that Escape first.
 */
export function useEscapeToCancel(onCancel: () => void, enabled = true): void {
  const latest = useRef(onCancel);
  latest.current = onCancel;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
