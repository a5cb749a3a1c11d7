import { useRef, type PointerEvent } from 'react';
import styled from 'styled-components';
import { SIDEBAR } from '@vton/contracts';
import { clampSidebarWidth, sidebarWidthAfterKey } from '../lib/sidebar';

const Handle = styled.div`
  position: relative;
  flex: none;
  width: 6px;
  cursor: col-resize;
  background: ${({ theme }) => theme.colors.border};
  touch-action: none;
  transition: background 0.15s ease;
  &:hover, &:focus-visible, &[data-dragging='true'] { background: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; }
  &[aria-disabled='true'] { cursor: default; background: ${({ theme }) => theme.colors.border}; }
`;

/**
 * The draggable, keyboard-operable separator between the sidebar and the canvas. Disabled, it
 * shows the width without taking focus, keys or drags (the layout holds the sidebar's width).
 */
export function SidebarSeparator({ width, onChange, disabled = false }: { width: number; onChange: (width: number) => void; disabled?: boolean }) {
  const drag = useRef<{ pointerId: number; startX: number; startWidth: number } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startWidth: width };
    event.currentTarget.dataset.dragging = 'true';
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId || disabled) return;
    onChange(clampSidebarWidth(d.startWidth + event.clientX - d.startX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.dataset.dragging = 'false';
  };
  return (
    <Handle
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize sidebar"
      aria-valuenow={width}
      aria-valuemin={SIDEBAR.min}
      aria-valuemax={SIDEBAR.max}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? undefined : 0}
      onKeyDown={(event) => {
        if (disabled) return;
        const next = sidebarWidthAfterKey(width, event.key);
        if (next === null) return;
        event.preventDefault();
        onChange(next);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    />
  );
}
