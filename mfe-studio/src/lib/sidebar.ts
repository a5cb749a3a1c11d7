import { SIDEBAR } from '@vton/contracts';

/** Spec §9: the sidebar is 40 % of the window by default, always within 240–600 px. */
export function clampSidebarWidth(width: number): number {
  return Math.round(Math.min(SIDEBAR.max, Math.max(SIDEBAR.min, width)));
}

export function defaultSidebarWidth(windowWidth: number): number {
  return clampSidebarWidth(windowWidth * SIDEBAR.defaultFraction);
}

/** ← / → move the separator by 20 px. */
export function sidebarWidthAfterKey(width: number, key: string): number | null {
  if (key === 'ArrowLeft') return clampSidebarWidth(width - SIDEBAR.keyStep);
  if (key === 'ArrowRight') return clampSidebarWidth(width + SIDEBAR.keyStep);
  if (key === 'Home') return SIDEBAR.min;
  if (key === 'End') return SIDEBAR.max;
  return null;
}
