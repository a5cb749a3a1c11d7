import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { BRUSH_HARDNESS, BRUSH_SIZE } from '@vton/contracts';
import { Button, Spinner } from '@vton/ui';
import { CanvasPanel, CanvasPanelBar } from '../../../components/CanvasPanel';
import { loadImage } from '../../../lib/image';
import { maskSessionFor, releaseMaskSession } from '../model/maskSessions';
import { actualScale, screenToImage, viewTransform, wheelZoomFactor } from '../model/view';
import type { Point } from '../model/stroke';
import { MaskRenderer, surfacesFromApprovedMask } from '../utils/maskRenderer';
import { useEscapeToCancel } from '../../../hooks/useEscapeToCancel';
import { nextTabbable } from '../../../lib/tabOrder';
import { useMaskShortcuts } from '../hooks/useMaskShortcuts';

const Toolbar = styled(CanvasPanelBar)`
  flex-wrap: wrap;
  gap: 8px;
  padding: 8px 12px;
  font-size: 13px;
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
`;

const Spacer = styled.div`
  flex: 1;
`;

const Slider = styled.label`
  display: flex;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  input { width: 90px; accent-color: ${({ theme }) => theme.colors.accent}; }
  output { min-width: 36px; color: ${({ theme }) => theme.colors.text}; font-variant-numeric: tabular-nums; }
`;

const Stage = styled.div<{ $cursor: string }>`
  position: relative;
  flex: 1;
  overflow: hidden;
  touch-action: none;
  cursor: ${({ $cursor }) => $cursor};
  background: repeating-conic-gradient(#15151f 0% 25%, #1b1b27 0% 50%) 50% / 24px 24px;
  canvas { position: absolute; inset: 0; width: 100%; height: 100%; }
  &:focus { outline: none; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }
`;

const BrushCursor = styled.div`
  position: absolute;
  left: 0;
  top: 0;
  border-radius: 50%;
  border: 1.5px solid #fff;
  box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.6);
  pointer-events: none;
`;

const Centre = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A brush setting in the toolbar: its name, a range and its value. */
function BrushSlider({ name, label, range, value, unit, onChange }: { name: string; label: string; range: { min: number; max: number }; value: number; unit: string; onChange: (value: number) => void }) {
  return (
    <Slider>
      {name}
      <input type="range" min={range.min} max={range.max} value={value} aria-label={label} onChange={(e) => onChange(Number(e.target.value))} />
      <output>
        {value}
        {unit}
      </output>
    </Slider>
  );
}

export interface MaskEditorPhoto {
  id: number;
  filename: string;
  url: string;
  width: number;
  height: number;
  /** The approved mask on the server (white-on-black, cut to `bounds`): reopening shows its paint. */
  savedMask?: { url: string; bounds: { x: number; y: number; width: number; height: number } } | null;
}

export interface MaskEditorProps {
  photo: MaskEditorPhoto;
  onCancel: () => void;
  /** The mask PNG at the photo's size and a 200 px preview with the mask in lime at 40 %. */
  onApprove: (mask: Blob, thumbnail: string) => void;
  /** More toolbar controls (the workspace puts "Suggest mask" there). */
  tools?: ReactNode;
}

function usePhoto(url: string) {
  const [state, setState] = useState<{ image: HTMLImageElement | null; error: string | null }>({ image: null, error: null });
  useEffect(() => {
    let live = true;
    setState({ image: null, error: null });
    loadImage(url).then(
      (image) => live && setState({ image, error: null }),
      (error: Error) => live && setState({ image: null, error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return state;
}

/** Spec §2 inpaint mode: paint where the garment goes, at the photo's full resolution. */
export function MaskEditor({ photo, onCancel, onApprove, tools }: MaskEditorProps) {
  const { image, error } = usePhoto(photo.url);
  // one session per photo: switching models shows that photo's own mask (a new one starts clear)
  const { id: photoId, width: photoWidth, height: photoHeight } = photo;
  const session = useMemo(() => maskSessionFor({ id: photoId, width: photoWidth, height: photoHeight }), [photoId, photoWidth, photoHeight]);
  const model = session.model;
  const subscribe = useMemo(() => (listener: () => void) => model.subscribe(listener), [model]);
  const state = useSyncExternalStore(subscribe, model.getState, model.getState);
  const stage = useRef<HTMLDivElement>(null);
  const brush = useRef<HTMLButtonElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const cursor = useRef<HTMLDivElement>(null);
  const renderer = useRef<MaskRenderer | null>(null);
  const [spaceDown, setSpaceDown] = useState(false);
  const [panning, setPanning] = useState(false);
  const [approving, setApproving] = useState(false);
  const gesture = useRef<{ kind: 'paint' | 'pan'; pointerId: number; lastX: number; lastY: number } | null>(null);
  const queue = useRef<Point[]>([]);
  const frame = useRef(0);

  useMaskShortcuts(model, setSpaceDown, stage);
  // Escape cancels like Cancel: the paint stays with the photo for the next opening
  useEscapeToCancel(onCancel);

  // an approved mask reopened starts from its paint (once per session: later openings keep their own)
  const approvedUrl = photo.savedMask?.url ?? null;
  const needsSeed = approvedUrl !== null && session.surfaces === null && model.undoDepth === 0 && !model.getState().hasPaint;
  const [seeded, setSeeded] = useState(!needsSeed);
  const [seedError, setSeedError] = useState<string | null>(null);
  useEffect(() => {
    if (!needsSeed || !photo.savedMask) return undefined;
    let live = true;
    const { bounds } = photo.savedMask;
    loadImage(photo.savedMask.url).then(
      (maskImage) => {
        if (!live) return;
        if (session.surfaces === null) {
          session.surfaces = surfacesFromApprovedMask(maskImage, bounds, photo.width, photo.height, model.historyVersion);
          model.startFromApprovedMask();
        }
        setSeeded(true);
      },
      (failure: Error) => {
        if (!live) return;
        // the photo can still be painted afresh
        setSeedError(failure.message);
        setSeeded(true);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);
  const ready = image && seeded ? image : null;

  // the editor takes the main area: focus goes to the stage, where Space+drag pans
  useEffect(() => {
    stage.current?.focus({ preventScroll: true });
  }, []);

  // the renderer: offscreen full-resolution mask + the visible canvas
  useLayoutEffect(() => {
    if (!ready || !canvas.current || !stage.current) return undefined;
    const r = new MaskRenderer(model, ready, canvas.current, session.surfaces);
    renderer.current = r;
    // every opening starts at the default view (Cancel resets zoom)
    model.resetView();
    const element = stage.current;
    const measure = () => {
      model.setViewport(element.clientWidth, element.clientHeight);
      r.resize(element.clientWidth, element.clientHeight);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      model.endStroke();
      session.surfaces = r.surfaces();
      r.dispose();
      renderer.current = null;
    };
  }, [ready, model, session]);

  // wheel zoom around the cursor (a non-passive listener, to keep the page from scrolling)
  useEffect(() => {
    const element = stage.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaMode === 2 ? event.deltaY * 400 : event.deltaY;
      model.zoomBy(wheelZoomFactor(delta), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [model, image]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const local = (event: { clientX: number; clientY: number }): Point => {
    const rect = stage.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const toImage = (p: Point) => screenToImage(p, model.getState().view, model.getViewport());

  const flush = () => {
    frame.current = 0;
    if (queue.current.length === 0) return;
    const points = queue.current;
    queue.current = [];
    model.extendStroke(points);
  };

  const moveCursor = (p: Point) => {
    const el = cursor.current;
    if (!el) return;
    const { scale } = viewTransform(model.getState().view, model.getViewport());
    const d = model.getState().brushSize * scale;
    el.style.width = `${d}px`;
    el.style.height = `${d}px`;
    el.style.transform = `translate(${p.x - d / 2}px, ${p.y - d / 2}px)`;
    el.style.display = 'block';
  };

  // The stage is the editor's last stop. Tab from it goes on to what follows in the page when
  // something does (a toast's controls); when nothing does, the browser would leave for its own bar
  // and then the top of the page (the skip link), so Tab goes round to the editor's first control.
  // Shift+Tab stays the browser's: the control before the stage.
  const onStageKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (nextTabbable(event.currentTarget)) return;
    event.preventDefault();
    brush.current?.focus();
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!ready || gesture.current) return;
    const p = local(event);
    stage.current?.setPointerCapture?.(event.pointerId);
    if (event.button === 1 || (event.button === 0 && spaceDown)) {
      event.preventDefault();
      gesture.current = { kind: 'pan', pointerId: event.pointerId, lastX: p.x, lastY: p.y };
      setPanning(true);
    } else if (event.button === 0) {
      gesture.current = { kind: 'paint', pointerId: event.pointerId, lastX: p.x, lastY: p.y };
      model.beginStroke(toImage(p));
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const p = local(event);
    moveCursor(p);
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    if (g.kind === 'pan') {
      model.panBy(p.x - g.lastX, p.y - g.lastY);
      g.lastX = p.x;
      g.lastY = p.y;
      return;
    }
    // every sample the browser coalesced since the last event, so fast moves stay continuous
    const native = event.nativeEvent;
    const samples = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const events = samples.length > 0 ? samples : [native];
    for (const sample of events) queue.current.push(toImage(local(sample)));
    if (!frame.current) frame.current = requestAnimationFrame(flush);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (g.kind === 'pan') {
      setPanning(false);
      return;
    }
    cancelAnimationFrame(frame.current);
    flush();
    model.endStroke();
  };

  const approve = async () => {
    const r = renderer.current;
    if (!r) return;
    setApproving(true);
    try {
      const mask = await r.exportMask();
      const thumbnail = r.thumbnail();
      // the approved mask is on its way to the server: its full-size canvases are not needed any more
      releaseMaskSession(photo.id);
      onApprove(mask, thumbnail);
    } finally {
      setApproving(false);
    }
  };

  // the percentage of the photo's own size on screen: the editor opens fitted, 100 % is one click away
  const scale = actualScale(state.view, model.getViewport());
  const zoomPercent = `${Math.round(scale * 100)}%`;
  const fitted = state.view.zoom === 1 && state.view.panX === 0 && state.view.panY === 0;
  const stageCursor = panning ? 'grabbing' : spaceDown ? 'grab' : 'none';

  return (
    <CanvasPanel data-testid="mask-editor">
      <Toolbar role="toolbar" aria-label="Mask tools">
        <Group>
          <Button ref={brush} size="sm" variant={state.tool === 'brush' ? 'secondary' : 'ghost'} aria-pressed={state.tool === 'brush'} onClick={() => model.setTool('brush')}>
            Brush
          </Button>
          <Button size="sm" variant={state.tool === 'eraser' ? 'secondary' : 'ghost'} aria-pressed={state.tool === 'eraser'} onClick={() => model.setTool('eraser')}>
            Eraser
          </Button>
        </Group>
        {tools}
        <BrushSlider name="Size" label="Brush size" range={BRUSH_SIZE} value={state.brushSize} unit="px" onChange={(size) => model.setBrushSize(size)} />
        <BrushSlider name="Hardness" label="Brush hardness" range={BRUSH_HARDNESS} value={state.hardness} unit="%" onChange={(hardness) => model.setHardness(hardness)} />
        <Group>
          <Button size="sm" variant="ghost" onClick={() => model.clear()} disabled={!state.hasPaint} title="Clear (Delete)">
            Clear
          </Button>
          <Button size="sm" variant="ghost" onClick={() => model.undo()} disabled={!state.canUndo} title="Undo (Ctrl+Z)">
            Undo
          </Button>
          <Button size="sm" variant="ghost" onClick={() => model.redo()} disabled={!state.canRedo} title="Redo (Ctrl+Y)">
            Redo
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => model.resetView()}
            aria-label={`Zoom ${zoomPercent}, fit to frame`}
            title="Fit to frame (Ctrl+0)"
            data-fitted={fitted}
            data-scale={scale.toFixed(4)}
            data-testid="editor-zoom"
          >
            {zoomPercent}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => model.setActualSize()} aria-label="Zoom to 100%" title="Actual pixels (100%)">
            1:1
          </Button>
        </Group>
        <Spacer />
        <Group>
          <Button size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="sm" onClick={() => void approve()} disabled={!state.hasPaint || !ready} loading={approving}>
            Approve
          </Button>
        </Group>
      </Toolbar>
      <Stage
        ref={stage}
        $cursor={stageCursor}
        data-testid="mask-stage"
        // in the Tab order after the toolbar, as it shows: the keyboard comes back to paint and its shortcuts
        tabIndex={0}
        aria-label={`Mask for ${photo.filename}`}
        onKeyDown={onStageKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => cursor.current && (cursor.current.style.display = 'none')}
        onAuxClick={(e) => e.preventDefault()}
      >
        <canvas ref={canvas} data-testid="mask-canvas" data-undo-depth={model.undoDepth} data-has-paint={state.hasPaint} />
        {!spaceDown && !panning && <BrushCursor ref={cursor} style={{ display: 'none' }} />}
        {!ready && (
          <Centre>{error ? <span role="alert">{error}</span> : <Spinner size={28} label="Loading photo" />}</Centre>
        )}
        {seedError && <span hidden data-testid="approved-mask-error">{seedError}</span>}
      </Stage>
    </CanvasPanel>
  );
}
