import { useEffect, useRef } from 'react';

/** The attribute naming what opened a tool: "crop" (the garment's Crop button) or "mask:<model key>" (a model tile). */
const TOOL_OPENER_ATTRIBUTE = 'data-tool-opener';

const toolOpener = (tool: 'crop' | 'mask', modelKey?: string | null) => (tool === 'crop' ? 'crop' : `mask:${modelKey ?? ''}`);

/** Spread on the control that opens a tool, so focus can come back to it when the tool closes. */
export const toolOpenerProps = (tool: 'crop' | 'mask', modelKey?: string) => ({ [TOOL_OPENER_ATTRIBUTE]: toolOpener(tool, modelKey) });

/**
 * When the crop tool or the mask editor closes (Cancel, Escape, Confirm, Approve) its controls go,
 * and with them the keyboard's focus: it comes back to the control that opened the tool. On a narrow
 * screen the sidebar holding that control was hidden meanwhile, so it is found again by its attribute.
 */
export function useToolFocusReturn(tool: 'none' | 'crop' | 'mask', modelKey: string | null) {
  const open = useRef<string | null>(null);
  useEffect(() => {
    if (tool !== 'none') {
      open.current = toolOpener(tool, modelKey);
      return;
    }
    const opener = open.current;
    open.current = null;
    if (!opener) return;
    const active = document.activeElement;
    // focus the seller moved elsewhere on purpose stays there
    if (active && active !== document.body && active.isConnected) return;
    document.querySelector<HTMLElement>(`[${TOOL_OPENER_ATTRIBUTE}="${opener}"]`)?.focus();
  }, [tool, modelKey]);
}
