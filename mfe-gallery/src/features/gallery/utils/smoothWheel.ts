/** Spec §9: the gallery scrolls at half wheel speed, in smooth steps. */
export const GALLERY_WHEEL_SPEED = 0.5;
const LINE_HEIGHT_PX = 16;
/** Fraction of the remaining distance covered each animation frame. */
export const SMOOTH_STEP = 0.25;

/** A wheel event's vertical distance in pixels (deltaMode 0 pixels, 1 lines, 2 pages). */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight: number): number {
  if (deltaMode === 1) return deltaY * LINE_HEIGHT_PX;
  if (deltaMode === 2) return deltaY * pageHeight;
  return deltaY;
}

/** Where one animation frame moves from `current` towards `target`; lands exactly when close. */
export function smoothStep(current: number, target: number): number {
  const remaining = target - current;
  if (Math.abs(remaining) < 1) return target;
  return current + remaining * SMOOTH_STEP;
}

export function clampScroll(top: number, maxScroll: number): number {
  return Math.min(Math.max(0, maxScroll), Math.max(0, top));
}
