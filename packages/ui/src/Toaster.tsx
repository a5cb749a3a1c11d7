import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { TOAST_DURATION_MS, TOAST_FOCUS_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@vton/contracts';
import { media } from './theme.js';

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

const Region = styled.section`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.toast};
  top: 0;
  right: 0;
  width: 100%;
  pointer-events: none;
  ${media.fromMobileBreakpoint} {
    top: auto;
    bottom: 0;
    max-width: 420px;
  }
`;

const Viewport = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 16px;
  list-style: none;
  outline: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -4px; }
`;

const ToastCard = styled.li<{ $variant: ToastVariant; $offset: number; $dragging: boolean }>`
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
  touch-action: pan-y;
  user-select: none;
  transform: translateX(${({ $offset }) => $offset}px);
  opacity: ${({ $offset }) => Math.max(0.2, 1 - $offset / 200)};
  transition: ${({ $dragging }) => ($dragging ? 'none' : 'transform 0.2s ease, opacity 0.2s ease')};
  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.colors.destructive};
      border-color: transparent;
      color: #fff;
    `}
`;

const ToastTitle = styled.div`font-weight: 600; font-size: 15px;`;
const ToastDescription = styled.div`margin-top: 2px; font-size: 14px; opacity: 0.85;`;

const CloseButton = styled.button`
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
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const variant = toast.variant ?? 'default';

  // Auto-dismiss; hovering or focusing the toast pauses it so it can be read or acted on.
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id, onDismiss]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    setDragging(false);
    if (distance > TOAST_SWIPE_THRESHOLD_PX) onDismiss(toast.id);
    else setOffset(0);
  };

  return (
    <ToastCard
      role={variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      $variant={variant}
      $offset={offset}
      $dragging={dragging}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipeStart.current = null;
        setDragging(false);
        setOffset(0);
      }}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => event.key === 'Escape' && onDismiss(toast.id)}
    >
      <div>
        {toast.title && <ToastTitle>{toast.title}</ToastTitle>}
        {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
      </div>
      <CloseButton type="button" aria-label="Close" onClick={() => onDismiss(toast.id)}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </CloseButton>
    </ToastCard>
  );
}

/**
 * The one toast viewport. Shows open toasts (the store keeps at most one), dismisses each
 * after the display duration, on a swipe right past the threshold, on its close button or
 * Escape; the focus hotkey moves focus into the viewport.
 */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const viewportRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_FOCUS_HOTKEY) {
        event.preventDefault();
        viewportRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Region aria-label={TOAST_VIEWPORT_LABEL}>
      <Viewport ref={viewportRef} tabIndex={-1}>
        {toasts
          .filter((toast) => toast.open !== false)
          .map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </Viewport>
    </Region>
  );
}
