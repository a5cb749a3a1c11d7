import { EDITOR_ZOOM } from '@vton/contracts';
import type { Point } from './stroke';

/** Where the photo sits on screen: `zoom` over the fit-to-viewport scale, `pan` in screen px from centred. */
export interface EditorView {
  zoom: number;
  panX: number;
  panY: number;
}

export interface Viewport {
  /** The on-screen area, CSS px. */
  width: number;
  height: number;
  /** The photo's natural size. */
  imageWidth: number;
  imageHeight: number;
}

export const INITIAL_VIEW: EditorView = { zoom: EDITOR_ZOOM.default, panX: 0, panY: 0 };

export function clampZoom(zoom: number): number {
  return Math.min(EDITOR_ZOOM.max, Math.max(EDITOR_ZOOM.min, zoom));
}

/**
 * Room kept around the fitted photo: its four edges show inside the frame, so "fit" visibly holds
 * the whole photo (a portrait flush with the frame's bottom looks cut off, issue 32).
 */
export const FIT_MARGIN_PX = 8;

/** The scale at which the whole photo fits the viewport, FIT_MARGIN_PX inside its edges (zoom 1 = fit). */
export function fitScale(viewport: Viewport): number {
  if (viewport.imageWidth <= 0 || viewport.imageHeight <= 0) return 1;
  const margin = Math.min(FIT_MARGIN_PX, viewport.width / 4, viewport.height / 4);
  return Math.min((viewport.width - 2 * margin) / viewport.imageWidth, (viewport.height - 2 * margin) / viewport.imageHeight);
}

/** Screen px per photo px and the screen position of the photo's top-left corner. */
export function viewTransform(view: EditorView, viewport: Viewport): { scale: number; originX: number; originY: number } {
  const scale = fitScale(viewport) * view.zoom;
  return {
    scale,
    originX: (viewport.width - viewport.imageWidth * scale) / 2 + view.panX,
    originY: (viewport.height - viewport.imageHeight * scale) / 2 + view.panY,
  };
}

export function screenToImage(point: Point, view: EditorView, viewport: Viewport): Point {
  const { scale, originX, originY } = viewTransform(view, viewport);
  return { x: (point.x - originX) / scale, y: (point.y - originY) / scale };
}

export function imageToScreen(point: Point, view: EditorView, viewport: Viewport): Point {
  const { scale, originX, originY } = viewTransform(view, viewport);
  return { x: originX + point.x * scale, y: originY + point.y * scale };
}

/** Zoom to `zoom` (clamped) keeping the photo point under `anchor` (screen px) where it is. */
export function zoomAround(view: EditorView, viewport: Viewport, zoom: number, anchor: Point): EditorView {
  const nextZoom = clampZoom(zoom);
  const imagePoint = screenToImage(anchor, view, viewport);
  const nextScale = fitScale(viewport) * nextZoom;
  return {
    zoom: nextZoom,
    panX: anchor.x - imagePoint.x * nextScale - (viewport.width - viewport.imageWidth * nextScale) / 2,
    panY: anchor.y - imagePoint.y * nextScale - (viewport.height - viewport.imageHeight * nextScale) / 2,
  };
}

/** Wheel delta (pixel mode) to a zoom factor: smooth, and symmetric for in and out. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-deltaY * 0.0015);
}

/** Screen px per photo px: what the zoom percentage shows (100 % = the photo's own pixels). */
export function actualScale(view: EditorView, viewport: Viewport): number {
  return fitScale(viewport) * view.zoom;
}

/** The zoom (over fit) at which one photo pixel is one screen pixel, within the editor's limits. */
export function actualSizeZoom(viewport: Viewport): number {
  return clampZoom(1 / fitScale(viewport));
}
