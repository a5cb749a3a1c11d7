import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_FOCUS_HOTKEY } from '@vton/contracts';

export type ToastVariant = 'default' | 'destructive';

/** What the Toaster needs of a toast; the shell SDK's toast store produces these. */
export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** false once dismissed: the toast leaves the screen but may stay in the store until removed. */
  open?: boolean;
}

export interface ToasterProps {
  toasts: readonly ToastItem[];
  onDismiss: (id: string) => void;
}

export const TOAST_VIEWPORT_LABEL = `Notifications (${TOAST_FOCUS_HOTKEY})`;

/**
 * Where the Toaster's region (Radix's "Notifications (F8)" landmark) is, for the modals: an open
 * modal keeps it reachable (a focus branch of its trap, so F8 can move focus there) and leaves
 * an Escape pressed inside a toast to that toast. Module state on purpose: the UI kit is one
 * federation singleton, so the shell's Toaster and a remote's drawer see the same region.
 */
let region: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function setToastRegion(element: HTMLElement | null): void {
  if (element === region) return;
  region = element;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useToastRegion(): HTMLElement | null {
  return useSyncExternalStore(subscribe, () => region, () => null);
}

/** The element is in the toast region (e.g. F8 put focus there). */
export function isInToastRegion(element: Element | null): boolean {
  return element !== null && region !== null && region.contains(element);
}

/** The key event comes from inside a toast card (not just the empty region F8 focuses). */
export function isInsideToast(target: EventTarget | null): boolean {
  return target instanceof Element && region !== null && region.contains(target) && target.closest('li') !== null;
}
