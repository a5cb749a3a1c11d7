import { VIEWER_PINCH_FACTOR, VIEWER_WHEEL_LINE_SENSITIVITY, VIEWER_WHEEL_SENSITIVITY, VIEWER_ZOOM } from '@vton/contracts';

/**
 * The fullscreen viewer's maths, free of React and the DOM. The image is laid out at its
 * "fit" size (scale 1 = 100 %) centred in the frame and moved with
 * `translate(translateX, translateY) scale(scale)` around its centre; translations are in
 * frame pixels, relative to the centred position.
 */
export interface ViewerZoomState {
  scale: number;
  translateX: number;
  translateY: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A point relative to the frame's centre. */
export interface Point {
  x: number;
  y: number;
}

export const INITIAL_VIEW: ViewerZoomState = { scale: 1, translateX: 0, translateY: 0 };

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(VIEWER_ZOOM.max, Math.max(VIEWER_ZOOM.min, scale));
}

/** The image's size at 100 %: contained in the frame, never upscaled beyond its natural size. */
export function fitSize(natural: Size, frame: Size): Size {
  if (natural.width <= 0 || natural.height <= 0 || frame.width <= 0 || frame.height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(frame.width / natural.width, frame.height / natural.height, 1);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { width: round(natural.width * ratio), height: round(natural.height * ratio) };
}

/**
 * Keeps the image covering the frame while it is larger than the frame (no empty band at an
 * edge) and centred on an axis where it fits.
 */
export function clampPan(view: ViewerZoomState, base: Size, frame: Size): ViewerZoomState {
  const limitX = Math.max(0, (base.width * view.scale - frame.width) / 2);
  const limitY = Math.max(0, (base.height * view.scale - frame.height) / 2);
  return {
    scale: view.scale,
    translateX: limitX === 0 ? 0 : Math.min(limitX, Math.max(-limitX, view.translateX)),
    translateY: limitY === 0 ? 0 : Math.min(limitY, Math.max(-limitY, view.translateY)),
  };
}

/** Zooms to `nextScale` keeping the image point under `focus` (relative to the frame centre) in place. */
export function zoomAround(view: ViewerZoomState, nextScale: number, focus: Point, base: Size, frame: Size): ViewerZoomState {
  const scale = clampScale(nextScale);
  const ratio = scale / view.scale;
  return clampPan(
    {
      scale,
      translateX: focus.x - (focus.x - view.translateX) * ratio,
      translateY: focus.y - (focus.y - view.translateY) * ratio,
    },
    base,
    frame,
  );
}

/** WheelEvent.deltaMode: 0 pixels, 1 lines, 2 pages. */
export function wheelSensitivity(deltaMode: number): number {
  return deltaMode === 1 ? VIEWER_WHEEL_LINE_SENSITIVITY : VIEWER_WHEEL_SENSITIVITY;
}

/**
 * The scale after one wheel event: 0.001 per pixel (0.008 per line-mode step), applied
 * multiplicatively so zooming in and back out by the same wheel distance returns to the start.
 */
export function scaleAfterWheel(scale: number, deltaY: number, deltaMode = 0): number {
  return clampScale(scale * Math.exp(-deltaY * wheelSensitivity(deltaMode)));
}

/** The scale after a pinch moved from `startDistance` to `distance`: half of the relative change (spec §9). */
export function scaleAfterPinch(scale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampScale(scale);
  return clampScale(scale * (1 + (distance / startDistance - 1) * VIEWER_PINCH_FACTOR));
}

/** Pans by a pointer movement; only when zoomed in above 100 % (spec §4). */
export function panBy(view: ViewerZoomState, dx: number, dy: number, base: Size, frame: Size): ViewerZoomState {
  if (!canDrag(view.scale)) return view;
  return clampPan({ ...view, translateX: view.translateX + dx, translateY: view.translateY + dy }, base, frame);
}

export function canDrag(scale: number): boolean {
  return scale > 1;
}

export function formatZoom(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}
