import { BRUSH_HARDNESS, BRUSH_SIZE, UNDO_HISTORY_LIMIT } from '@vton/contracts';
import { ActionHistory } from './history';
import { interpolateSegment, stampSpacing, type Point } from './stroke';
import { INITIAL_VIEW, actualSizeZoom, clampZoom, zoomAround, type EditorView, type Viewport } from './view';

export type MaskTool = 'brush' | 'eraser';

/** One stroke as painted: enough to paint it again on a fresh surface. */
export interface Stroke {
  tool: MaskTool;
  size: number;
  /** 0–100: how much of the radius is fully opaque. */
  hardness: number;
  points: Point[];
}

/**
 * `suggestion`: a suggested mask (features/suggested-masks) replaces the paint as one step; its
 * image is drawn scaled to the photo's size (lime where the garment goes, transparent elsewhere).
 */
export type MaskAction = { kind: 'stroke'; stroke: Stroke } | { kind: 'clear' } | { kind: 'suggestion'; image: CanvasImageSource };

/** What a renderer must do to keep its pixels equal to the model. */
export type MaskChange =
  /** Paint these stamps of the stroke in progress now. */
  | { type: 'stamps'; stroke: Stroke; stamps: Point[] }
  /** The action left the undo window: paint it into the base for good. */
  | { type: 'bake'; action: MaskAction }
  /** Undo/redo/clear: repaint as base + `applied` actions. */
  | { type: 'rebuild'; applied: readonly MaskAction[] }
  /** Settings, view or history flags changed (no pixels). */
  | { type: 'state' };

export interface MaskEditorState {
  tool: MaskTool;
  brushSize: number;
  hardness: number;
  view: EditorView;
  canUndo: boolean;
  canRedo: boolean;
  /** Whether any paint may be on the mask (a stroke was ever applied and not cleared). */
  hasPaint: boolean;
  isPainting: boolean;
}

export function clampBrushSize(size: number): number {
  return Math.round(Math.min(BRUSH_SIZE.max, Math.max(BRUSH_SIZE.min, size)));
}

export function clampHardness(hardness: number): number {
  return Math.round(Math.min(BRUSH_HARDNESS.max, Math.max(BRUSH_HARDNESS.min, hardness)));
}

/** [ and ] step: finer at small sizes, coarser at large ones. */
export function brushSizeStep(size: number): number {
  return size < 20 ? 1 : size < 50 ? 5 : 10;
}

/**
 * The mask editor's state outside React: brush settings, strokes and their undo history, and
 * the view. It holds no pixels; a renderer subscribes and paints what each change says, so the
 * same model drives the canvas and the unit tests.
 */
export class MaskEditorModel {
  readonly imageWidth: number;
  readonly imageHeight: number;
  private readonly history: ActionHistory<MaskAction>;
  private listeners = new Set<(change: MaskChange) => void>();
  private active: { stroke: Stroke; carry: number } | null = null;
  private bakedPaint = false;
  /** A stroke or a clear was made here: paint that would be lost if the page closed unapproved. */
  private edited = false;
  private viewport: Viewport;
  private snapshot: MaskEditorState;
  private settings = { tool: 'brush' as MaskTool, brushSize: BRUSH_SIZE.default as number, hardness: BRUSH_HARDNESS.default as number };
  private view: EditorView = INITIAL_VIEW;
  /** Bumped by every history change, so a renderer can tell that saved pixels are stale. */
  private version = 0;
  /** Actions that left the undo window and no renderer has baked yet (see takeUnbaked). */
  private unbaked: MaskAction[] = [];

  constructor(imageWidth: number, imageHeight: number, historyLimit: number = UNDO_HISTORY_LIMIT) {
    this.imageWidth = imageWidth;
    this.imageHeight = imageHeight;
    this.viewport = { width: imageWidth, height: imageHeight, imageWidth, imageHeight };
    this.history = new ActionHistory<MaskAction>((action) => {
      this.bakedPaint = action.kind === 'stroke' ? this.bakedPaint || action.stroke.tool === 'brush' : action.kind === 'suggestion';
      // kept until a renderer takes it: with the editor closed (a suggestion made meanwhile) none listens
      this.unbaked.push(action);
      this.emit({ type: 'bake', action });
    }, historyLimit);
    this.snapshot = this.computeState();
  }

  subscribe(listener: (change: MaskChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState = (): MaskEditorState => this.snapshot;

  /** Applied actions beyond the base, oldest first (what a rebuild replays). */
  get applied(): readonly MaskAction[] {
    return this.history.applied;
  }

  /** Changes with every stroke, clear, suggestion, undo and redo. */
  get historyVersion(): number {
    return this.version;
  }

  /** Hands over the actions that left the undo window since a renderer last took them, to bake into its base. */
  takeUnbaked(): MaskAction[] {
    const actions = this.unbaked;
    this.unbaked = [];
    return actions;
  }

  get undoDepth(): number {
    return this.history.undoDepth;
  }

  get redoDepth(): number {
    return this.history.redoDepth;
  }

  // ---- brush settings ----
  setTool(tool: MaskTool): void {
    this.settings = { ...this.settings, tool };
    this.changed();
  }

  setBrushSize(size: number): void {
    this.settings = { ...this.settings, brushSize: clampBrushSize(size) };
    this.changed();
  }

  /** `direction` -1 for [, +1 for ]. */
  stepBrushSize(direction: 1 | -1): void {
    const size = this.settings.brushSize;
    const step = brushSizeStep(direction < 0 ? size - 1 : size);
    this.setBrushSize(size + direction * step);
  }

  setHardness(hardness: number): void {
    this.settings = { ...this.settings, hardness: clampHardness(hardness) };
    this.changed();
  }

  // ---- painting ----
  /** Starts a stroke at a photo point with the current tool, size and hardness. */
  beginStroke(point: Point): void {
    if (this.active) this.endStroke();
    const { tool, brushSize, hardness } = this.settings;
    const stroke: Stroke = { tool, size: brushSize, hardness, points: [{ ...point }] };
    this.active = { stroke, carry: stampSpacing(brushSize) };
    this.emit({ type: 'stamps', stroke, stamps: [{ ...point }] });
    this.changed();
  }

  /** Adds pointer samples (coalesced events included) and paints the interpolated stamps between them. */
  extendStroke(points: readonly Point[]): void {
    const active = this.active;
    if (!active || points.length === 0) return;
    const spacing = stampSpacing(active.stroke.size);
    const stamps: Point[] = [];
    for (const point of points) {
      const last = active.stroke.points[active.stroke.points.length - 1];
      if (last.x === point.x && last.y === point.y) continue;
      const segment = interpolateSegment(last, point, spacing, active.carry);
      active.carry = segment.carry;
      stamps.push(...segment.stamps);
      active.stroke.points.push({ ...point });
    }
    if (stamps.length > 0) this.emit({ type: 'stamps', stroke: active.stroke, stamps });
  }

  /** Commits the stroke in progress as one undo step; a new stroke clears redo. */
  endStroke(): void {
    const active = this.active;
    if (!active) return;
    this.active = null;
    this.edited = true;
    this.history.record({ kind: 'stroke', stroke: active.stroke });
    this.version += 1;
    this.changed();
  }

  /** Delete: wipes the mask as one undoable step (nothing to record on an empty mask). */
  clear(): void {
    if (this.active) this.endStroke();
    if (!this.snapshot.hasPaint) return;
    this.edited = true;
    this.history.record({ kind: 'clear' });
    this.rebuilt();
  }

  /** A suggested mask replaces the paint as one undoable step (Ctrl+Z brings the previous paint back). */
  applySuggestion(image: CanvasImageSource): void {
    if (this.active) this.endStroke();
    this.history.record({ kind: 'suggestion', image });
    this.rebuilt();
  }

  undo(): boolean {
    if (this.active) this.endStroke();
    const action = this.history.undo();
    if (!action) return false;
    this.rebuilt();
    return true;
  }

  redo(): boolean {
    if (this.active) return false;
    const action = this.history.redo();
    if (!action) return false;
    this.rebuilt();
    return true;
  }

  /**
   * The mask starts from paint already in the renderer's base (an approved mask reopened): it
   * counts as paint, can be approved again, painted over, erased or cleared like any other.
   */
  get hasUnapprovedChanges(): boolean {
    return this.edited;
  }

  startFromApprovedMask(): void {
    this.bakedPaint = true;
    this.changed();
  }

  // ---- view ----
  setViewport(width: number, height: number): void {
    this.viewport = { width, height, imageWidth: this.imageWidth, imageHeight: this.imageHeight };
    this.changed();
  }

  getViewport(): Viewport {
    return this.viewport;
  }

  /** Multiplies the zoom by `factor` around a screen point (the cursor), clamped to 0.1–5. */
  zoomBy(factor: number, anchor?: Point): void {
    const at = anchor ?? { x: this.viewport.width / 2, y: this.viewport.height / 2 };
    this.view = zoomAround(this.view, this.viewport, clampZoom(this.view.zoom * factor), at);
    this.changed();
  }

  setZoom(zoom: number): void {
    this.zoomBy(zoom / this.view.zoom);
  }

  panBy(dx: number, dy: number): void {
    this.view = { ...this.view, panX: this.view.panX + dx, panY: this.view.panY + dy };
    this.changed();
  }

  /** 100 %: one photo pixel per screen pixel, around the centre (as near as the zoom limits allow). */
  setActualSize(): void {
    this.setZoom(actualSizeZoom(this.viewport));
  }

  /** Fit: the whole photo in the frame, centred (the view every opening starts from). */
  resetView(): void {
    this.view = INITIAL_VIEW;
    this.changed();
  }

  private computeState(): MaskEditorState {
    return {
      ...this.settings,
      view: this.view,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo && !this.active,
      hasPaint: this.hasPaint(),
      isPainting: this.active !== null,
    };
  }

  /** Paint exists if, after the last clear, a brush stroke was applied (or the base holds some). */
  private hasPaint(): boolean {
    if (this.active?.stroke.tool === 'brush') return true;
    const applied = this.history.applied;
    for (let i = applied.length - 1; i >= 0; i -= 1) {
      const action = applied[i];
      if (action.kind === 'clear') return false;
      if (action.kind === 'suggestion' || action.stroke.tool === 'brush') return true;
    }
    return this.bakedPaint;
  }

  /** The history changed as a whole (clear, a suggestion, undo, redo): the renderer redraws the mask from it. */
  private rebuilt(): void {
    this.version += 1;
    this.emit({ type: 'rebuild', applied: this.history.applied });
    this.changed();
  }

  private changed(): void {
    this.snapshot = this.computeState();
    this.emit({ type: 'state' });
  }

  private emit(change: MaskChange): void {
    this.listeners.forEach((listener) => listener(change));
  }
}
