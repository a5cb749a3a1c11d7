import type { MaskAction, MaskChange, MaskEditorModel, Stroke } from '../model/maskEditorModel';
import { clipRect, stampsBounds, strokeStamps, unionRect, type Point, type Rect } from '../model/stroke';
import type { MaskSurfaces } from '../model/maskSessions';
import { viewTransform } from '../model/view';
import { MASK_COLOR, MASK_THUMBNAIL_ALPHA, MASK_THUMBNAIL_SIZE } from '../../../lib/mask';

// the colour and the thumbnail's size live in lib/mask.ts (suggested masks paint them too)
export { MASK_COLOR, MASK_THUMBNAIL_ALPHA, MASK_THUMBNAIL_SIZE };
/** How strongly the mask shows over the photo while painting. */
export const MASK_DISPLAY_ALPHA = 0.5;

/**
 * The surfaces of an approved mask reopened: the server keeps the mask as white-on-black PNG cut
 * to `bounds`; painted pixels become the editor's lime, at the photo's full size. The base holds
 * the same, so undo and clear work from it.
 */
export function surfacesFromApprovedMask(
  maskImage: CanvasImageSource,
  bounds: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
  version: number,
): MaskSurfaces {
  const mask = createCanvas(width, height);
  const ctx = mask.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(maskImage, bounds.x, bounds.y, bounds.width, bounds.height);
  const region = ctx.getImageData(bounds.x, bounds.y, bounds.width, bounds.height);
  const [r, g, b] = MASK_COLOR.split(',').map((v) => Number(v.trim()));
  const px = region.data;
  for (let i = 0; i < px.length; i += 4) {
    const painted = px[i];
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
    px[i + 3] = painted;
  }
  ctx.putImageData(region, bounds.x, bounds.y);
  const base = createCanvas(width, height);
  base.getContext('2d')!.drawImage(mask, 0, 0);
  return { mask, base, version };
}

function createCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * One brush dab: a disc whose inner `hardness` % is opaque and whose rim fades out. Cached per
 * size and hardness, so a stroke is a run of drawImage calls (cheap even on a 4K mask).
 */
function createStamp(size: number, hardness: number): HTMLCanvasElement {
  const side = Math.ceil(size) + 2;
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d')!;
  const c = side / 2;
  const r = size / 2;
  const inner = Math.min(0.999, Math.max(0, hardness / 100));
  const gradient = ctx.createRadialGradient(c, c, 0, c, c, r);
  gradient.addColorStop(0, `rgba(${MASK_COLOR}, 1)`);
  gradient.addColorStop(inner, `rgba(${MASK_COLOR}, 1)`);
  gradient.addColorStop(1, `rgba(${MASK_COLOR}, 0)`);
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(c, c, r, 0, Math.PI * 2);
  ctx.fill();
  return canvas;
}

/**
 * Paints a MaskEditorModel: the mask lives at the photo's full resolution on an offscreen
 * canvas; strokes older than the undo window are baked into a base canvas, so undo repaints
 * base + at most 20 actions. The visible canvas only redraws the dirty rectangle while
 * painting, once per animation frame.
 */
export class MaskRenderer {
  readonly mask: HTMLCanvasElement;
  private base: HTMLCanvasElement | null = null;
  private readonly maskCtx: CanvasRenderingContext2D;
  private readonly stamps = new Map<string, HTMLCanvasElement>();
  private dirty: Rect | null = null;
  private fullRedraw = true;
  private frame = 0;
  private unsubscribe: () => void;
  private displayCtx: CanvasRenderingContext2D | null = null;
  private pixelRatio = 1;

  constructor(
    private readonly model: MaskEditorModel,
    private readonly photo: CanvasImageSource,
    private display: HTMLCanvasElement | null = null,
    /** The pixels of an earlier session with the same model (reopening a photo keeps its mask). */
    surfaces: MaskSurfaces | null = null,
  ) {
    this.mask = surfaces?.mask ?? createCanvas(model.imageWidth, model.imageHeight);
    this.base = surfaces?.base ?? null;
    this.maskCtx = this.mask.getContext('2d')!;
    this.unsubscribe = model.subscribe((change) => this.onChange(change));
    // a mask suggested while the editor was closed is in the model, not yet in these pixels
    for (const action of model.takeUnbaked()) this.bake(action);
    if ((surfaces?.version ?? 0) !== model.historyVersion) this.onChange({ type: 'rebuild', applied: model.applied });
    if (display) this.attach(display);
  }

  attach(display: HTMLCanvasElement): void {
    this.display = display;
    this.displayCtx = display.getContext('2d');
    this.requestFull();
  }

  /** Matches the visible canvas to its CSS size at the device pixel ratio. */
  resize(cssWidth: number, cssHeight: number, pixelRatio = window.devicePixelRatio || 1): void {
    if (!this.display) return;
    this.pixelRatio = pixelRatio;
    this.display.width = Math.max(1, Math.round(cssWidth * pixelRatio));
    this.display.height = Math.max(1, Math.round(cssHeight * pixelRatio));
    this.requestFull();
  }

  /** The full-resolution mask and base, to hand to the next renderer of the same model. */
  surfaces(): MaskSurfaces {
    return { mask: this.mask, base: this.base, version: this.model.historyVersion };
  }

  dispose(): void {
    this.unsubscribe();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private onChange(change: MaskChange): void {
    switch (change.type) {
      case 'stamps': {
        this.paint(this.maskCtx, change.stroke, change.stamps);
        this.dirty = unionRect(this.dirty, stampsBounds(change.stamps, change.stroke.size));
        this.schedule();
        break;
      }
      case 'bake': {
        // the model keeps what left the undo window until a renderer takes it (this one, now)
        for (const action of this.model.takeUnbaked()) this.bake(action);
        break;
      }
      case 'rebuild': {
        this.maskCtx.globalCompositeOperation = 'source-over';
        this.maskCtx.clearRect(0, 0, this.mask.width, this.mask.height);
        // a clear or a suggestion wipes what came before it: repaint from the last one
        const last = change.applied.findLastIndex((action) => action.kind !== 'stroke');
        if (this.base && last < 0) this.maskCtx.drawImage(this.base, 0, 0);
        change.applied.slice(Math.max(0, last)).forEach((action) => this.apply(this.maskCtx, action));
        this.requestFull();
        break;
      }
      case 'state':
        // view or settings: a cheap full redraw of the screen-sized canvas
        this.requestFull();
        break;
    }
  }

  private bake(action: MaskAction): void {
    if (!this.base) this.base = createCanvas(this.model.imageWidth, this.model.imageHeight);
    this.apply(this.base.getContext('2d')!, action);
  }

  private apply(ctx: CanvasRenderingContext2D, action: MaskAction): void {
    if (action.kind === 'clear' || action.kind === 'suggestion') {
      ctx.globalCompositeOperation = 'source-over';
      ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      if (action.kind === 'suggestion') {
        ctx.imageSmoothingEnabled = true;
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(action.image, 0, 0, ctx.canvas.width, ctx.canvas.height);
      }
    } else {
      this.paint(ctx, action.stroke, strokeStamps(action.stroke.points, action.stroke.size));
    }
  }

  private paint(ctx: CanvasRenderingContext2D, stroke: Stroke, stamps: readonly Point[]): void {
    const key = `${stroke.size}:${stroke.hardness}`;
    let stamp = this.stamps.get(key);
    if (!stamp) {
      stamp = createStamp(stroke.size, stroke.hardness);
      this.stamps.set(key, stamp);
    }
    const half = stamp.width / 2;
    ctx.globalCompositeOperation = stroke.tool === 'eraser' ? 'destination-out' : 'source-over';
    for (const p of stamps) ctx.drawImage(stamp, p.x - half, p.y - half);
    ctx.globalCompositeOperation = 'source-over';
  }

  private requestFull(): void {
    this.fullRedraw = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Draws now (the rAF callback; also for tests). */
  draw(): void {
    const ctx = this.displayCtx;
    const display = this.display;
    if (!ctx || !display) return;
    const { view } = this.model.getState();
    const viewport = this.model.getViewport();
    const { scale, originX, originY } = viewTransform(view, viewport);
    const ratio = this.pixelRatio;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = true;

    let region: Rect | null = { x: 0, y: 0, width: this.model.imageWidth, height: this.model.imageHeight };
    if (this.fullRedraw) {
      ctx.clearRect(0, 0, display.width, display.height);
    } else if (this.dirty) {
      region = clipRect(this.dirty, this.model.imageWidth, this.model.imageHeight);
    } else {
      region = null;
    }
    this.fullRedraw = false;
    this.dirty = null;
    if (!region) return;

    // the dirty part of the photo and mask, in device pixels (rounded outwards)
    const left = Math.floor((originX + region.x * scale) * ratio);
    const top = Math.floor((originY + region.y * scale) * ratio);
    const right = Math.ceil((originX + (region.x + region.width) * scale) * ratio);
    const bottom = Math.ceil((originY + (region.y + region.height) * scale) * ratio);
    // back to photo pixels for the source rectangle, so screen and source line up exactly
    const sx = (left / ratio - originX) / scale;
    const sy = (top / ratio - originY) / scale;
    const sw = (right - left) / ratio / scale;
    const sh = (bottom - top) / ratio / scale;
    const clip = clipRect({ x: sx, y: sy, width: sw, height: sh }, this.model.imageWidth, this.model.imageHeight);
    if (!clip) return;
    const dx = (originX + clip.x * scale) * ratio;
    const dy = (originY + clip.y * scale) * ratio;
    const dw = clip.width * scale * ratio;
    const dh = clip.height * scale * ratio;
    ctx.clearRect(left, top, right - left, bottom - top);
    ctx.drawImage(this.photo, clip.x, clip.y, clip.width, clip.height, dx, dy, dw, dh);
    ctx.globalAlpha = MASK_DISPLAY_ALPHA;
    ctx.drawImage(this.mask, clip.x, clip.y, clip.width, clip.height, dx, dy, dw, dh);
    ctx.globalAlpha = 1;
  }

  /** The mask as a PNG at the photo's size (transparent where unpainted). */
  exportMask(): Promise<Blob> {
    return new Promise((resolve, reject) => {
      this.mask.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Failed to convert canvas to blob'))), 'image/png');
    });
  }

  /** A 200 px preview: the photo with the mask in lime at 40 %. */
  thumbnail(): string {
    const { imageWidth: w, imageHeight: h } = this.model;
    const s = MASK_THUMBNAIL_SIZE / Math.max(w, h);
    const canvas = createCanvas(Math.max(1, Math.round(w * s)), Math.max(1, Math.round(h * s)));
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(this.photo, 0, 0, canvas.width, canvas.height);
    ctx.globalAlpha = MASK_THUMBNAIL_ALPHA;
    ctx.drawImage(this.mask, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.85);
  }
}
