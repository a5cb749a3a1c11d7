import { useRef, useState } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import styled, { css } from 'styled-components';
import { TOAST_DURATION_MS, TOAST_FOCUS_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@vton/contracts';
// By name, not by path: this is the `@vton/ui/toasts` entry, and the region it reports must be
// the one the kit's modals read (one module state, see toastRegion.ts).
import { media, setToastRegion, TOAST_VIEWPORT_LABEL, type ToasterProps, type ToastItem, type ToastVariant } from '@vton/ui';

// Radix renders the region (a landmark labelled with the hotkey) around the list; this styles the list.
const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.toast};
  top: 0;
  right: 0;
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 16px;
  list-style: none;
  outline: none;
  pointer-events: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -4px; }
  ${media.fromMobileBreakpoint} {
    top: auto;
    bottom: 0;
    max-width: 420px;
  }
`;

const ToastCard = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 16px 44px 16px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  pointer-events: auto;
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); opacity: 0.6; }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 0.2s ease; }
  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.colors.destructive};
      border-color: transparent;
      color: #fff;
    `}
`;

const ToastTitle = styled(RadixToast.Title)`font-weight: 600; font-size: 15px;`;
const ToastDescription = styled(RadixToast.Description)`margin-top: 2px; font-size: 14px; opacity: 0.85;`;

const CloseButton = styled(RadixToast.Close)`
  position: absolute;
  top: 10px;
  right: 10px;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: inherit;
  opacity: 0.7;
  cursor: pointer;
  &:hover, &:focus-visible { opacity: 1; background: rgba(255, 255, 255, 0.1); }
`;

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: string) => void }) {
  const cardRef = useRef<HTMLLIElement>(null);
  // Radix closes a toast on Escape anywhere on the page; ours closes only on an Escape inside it,
  // so an Escape meant for the viewer, a drawer or the editor never takes a toast with it.
  const escapeOutside = useRef(false);
  const variant = toast.variant ?? 'default';

  return (
    <ToastCard
      ref={cardRef}
      // An Escape inside the toast dismisses it here rather than through Radix, which skips an
      // Escape already marked handled: an open modal under the toast marks it to stay open.
      // Like Radix, focus stays in the notifications (on the list) rather than falling to <body>.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        const card = cardRef.current;
        if (card?.contains(document.activeElement)) card.parentElement?.focus();
        onDismiss(toast.id);
      }}
      open={toast.open !== false}
      onOpenChange={(open) => {
        if (open) return;
        if (escapeOutside.current) {
          escapeOutside.current = false;
          return;
        }
        onDismiss(toast.id);
      }}
      onEscapeKeyDown={(event) => {
        if (event.target instanceof Node && cardRef.current?.contains(event.target)) return;
        escapeOutside.current = true;
        queueMicrotask(() => {
          escapeOutside.current = false;
        });
      }}
      type={variant === 'destructive' ? 'foreground' : 'background'}
      // The card is its own live region: one status (or alert) per toast for tests and screen readers.
      role={variant === 'destructive' ? 'alert' : 'status'}
      aria-live={variant === 'destructive' ? 'assertive' : 'polite'}
      aria-atomic="true"
      $variant={variant}
    >
      <div>
        {toast.title && <ToastTitle>{toast.title}</ToastTitle>}
        {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
      </div>
      <CloseButton type="button" aria-label="Close">
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </CloseButton>
    </ToastCard>
  );
}

// Radix's region wraps the list; the modals need the region (see toastRegion.ts).
const trackRegion = (list: HTMLOListElement | null) => setToastRegion(list?.closest<HTMLElement>('[role="region"]') ?? null);

/**
 * The one toast viewport, on Radix Toast (spec §9): shows the store's toasts (it keeps at most
 * one open), dismisses each after the display duration (paused while hovered or focused), on a
 * swipe right past the threshold, on its close button or an Escape inside it; the focus hotkey
 * moves focus into the viewport. Dismissed toasts leave the screen at once; the store removes
 * them after the removal delay.
 */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  // Radix also copies each toast's text into a visually hidden status of its own; the cards are
  // live regions already, so that copy goes to a node outside the document (announced once,
  // and one status or alert per toast for the page's queries).
  const [announcer] = useState(() => (typeof document === 'undefined' ? undefined : document.createElement('div')));
  return (
    <RadixToast.Provider
      announcerContainer={announcer}
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
      <Viewport
        ref={trackRegion}
        hotkey={[TOAST_FOCUS_HOTKEY]}
        label={TOAST_VIEWPORT_LABEL}
        // A modal dialog hides the rest of the page with the aria-hidden library, which leaves
        // [aria-live] elements and their ancestors alone: "off" (the list's default) keeps the
        // region readable while a drawer or the viewer is open (radix-ui/primitives#4115).
        aria-live="off"
      />
    </RadixToast.Provider>
  );
}
