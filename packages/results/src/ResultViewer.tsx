import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import styled from 'styled-components';
import type { ProviderName } from '@vton/contracts';
import { Button, Spinner } from '@vton/ui';
import { Modal, ModalContent, ModalDescription, ModalOverlay } from '@vton/ui/modals';
import { downloadImage, FULLSCREEN_DOWNLOAD_NAME } from './download.js';
import { CloseIcon, DownloadIcon } from './icons.js';
import { BuiltInPreviewLink } from './BuiltInPreview.js';
import { providerCaption } from './provider.js';
import {
  INITIAL_VIEW,
  canDrag,
  clampPan,
  fitSize,
  formatZoom,
  panBy,
  scaleAfterPinch,
  scaleAfterWheel,
  zoomAround,
  type Point,
  type Size,
  type ViewerZoomState,
} from './viewerMath.js';

export const VIEWER_HINT = 'Scroll to zoom • Drag to pan • ESC to close';

const Backdrop = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: 90;
  background: rgba(3, 3, 6, 0.96);
`;

// Over the whole backdrop: a click anywhere in the viewer is inside it (only Close closes).
const Viewer = styled(ModalContent)`
  position: fixed;
  inset: 0;
  z-index: 90;
  display: flex;
  flex-direction: column;
  color: ${({ theme }) => theme.colors.text};
  &:focus { outline: none; }
`;

const Toolbar = styled.div`
  position: absolute;
  top: 12px;
  right: 12px;
  z-index: 1;
  display: flex;
  gap: 8px;
`;

const Hint = styled(ModalDescription)`
  position: absolute;
  left: 50%;
  bottom: 16px;
  z-index: 1;
  transform: translateX(-50%);
  padding: 6px 14px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(20, 20, 31, 0.8);
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
  white-space: nowrap;
  pointer-events: none;
`;

const Frame = styled.div<{ $cursor: string }>`
  position: relative;
  flex: 1;
  overflow: hidden;
  touch-action: none;
  user-select: none;
  cursor: ${({ $cursor }) => $cursor};
`;

const Picture = styled.img`
  position: absolute;
  left: 50%;
  top: 50%;
  max-width: none;
  transform-origin: center center;
  will-change: transform;
  -webkit-user-drag: none;
`;

// Under the picture, above the hint (which floats at the bottom).
const ProviderName = styled.p`
  flex: none;
  margin: 0;
  padding: 4px 16px 52px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
`;

const Loading = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  pointer-events: none;
`;

export interface ResultViewerProps {
  /** The full-size image; null keeps the viewer closed. */
  imageUrl: string | null;
  /** Text alternative, e.g. "Result #3". */
  alt?: string;
  onClose: () => void;
  /** File name of the Download button (default vton-result-fullscreen.png). */
  downloadFileName?: string;
  /** Replaces the default download (fetch imageUrl as a blob, save as downloadFileName). */
  onDownload?: () => void | Promise<unknown>;
  /** The dialog's accessible name (default "Result preview"). */
  label?: string;
  /** The image could not be loaded (deleted meanwhile, or the network failed): say so instead of spinning. */
  onImageError?: () => void;
  /** The default download failed (the caller tells the seller). */
  onDownloadError?: () => void;
  /** The try-on provider that made the result, shown under it ("Made with FASHN"); nothing when unknown. */
  provider?: ProviderName;
  /** The provider's label the result carries (`providerLabel`), shown instead of the one results saved before labels had. */
  providerLabel?: string;
  /** A Mock result: said under it, so the unchanged photo is not taken for a try-on. */
  mock?: boolean;
  /** Made by the built-in engine: "Preview — built-in engine" under it instead, linking to the docs' provider article. */
  builtInEngine?: boolean;
}

const FRAME_PADDING = 32;

/**
 * The fullscreen viewer of the studio and the gallery: zoom 0.1–8 with the wheel, pinch or
 * +/−/0 keys around the pointer, drag to pan above 100 % (clamped to the image edges).
 * A Modal: focus moves in on Close and stays inside, the page behind is inert, Escape closes it
 * (only it: a drawer behind closes on the next Escape) and focus returns to the tile that opened it.
 */
export function ResultViewer({ imageUrl, alt = 'Result', downloadFileName = FULLSCREEN_DOWNLOAD_NAME, label = 'Result preview', ...body }: ResultViewerProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  if (!imageUrl) return null;
  return (
    <Modal onClose={body.onClose}>
      <Backdrop />
      <Viewer aria-label={label} initialFocus={closeRef}>
        <ViewerBody key={imageUrl} closeRef={closeRef} imageUrl={imageUrl} alt={alt} downloadFileName={downloadFileName} {...body} />
      </Viewer>
    </Modal>
  );
}

/** What a Mock result is (spec §2: a test generation that avoids using API credits). */
export const MOCK_RESULT_CAPTION = 'Mock result: the model photo, unchanged — a test generation that avoids using API credits';

type BodyProps = Required<Pick<ResultViewerProps, 'alt' | 'onClose' | 'downloadFileName'>> &
  Pick<ResultViewerProps, 'onDownload' | 'onImageError' | 'onDownloadError' | 'provider' | 'providerLabel' | 'builtInEngine' | 'mock'> & { imageUrl: string; closeRef: RefObject<HTMLButtonElement | null> };

// Keyed by imageUrl: opening or changing the image starts again at 100 % (spec §4).
function ViewerBody({ imageUrl, alt, onClose, downloadFileName, onDownload, onImageError, onDownloadError, provider, providerLabel, builtInEngine, mock, closeRef }: BodyProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ViewerZoomState>(INITIAL_VIEW);
  const [natural, setNatural] = useState<Size | null>(null);
  const [frame, setFrame] = useState<Size>({ width: 0, height: 0 });
  const [downloading, setDownloading] = useState(false);
  const [dragging, setDragging] = useState(false);

  const base = natural ? fitSize(natural, frame) : { width: 0, height: 0 };
  const caption = providerCaption(provider, providerLabel);
  // Handlers bound once read the latest geometry from here.
  const geometry = useRef({ base, frame });
  geometry.current = { base, frame };

  const focusPoint = useCallback((clientX: number, clientY: number): Point => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  }, []);

  const zoomTo = useCallback((nextScale: number | ((scale: number) => number), focus: Point = { x: 0, y: 0 }) => {
    setView((current) => {
      const target = typeof nextScale === 'function' ? nextScale(current.scale) : nextScale;
      return zoomAround(current, target, focus, geometry.current.base, geometry.current.frame);
    });
  }, []);

  // The frame's size (minus a margin so the image never touches the screen edge at 100 %).
  useLayoutEffect(() => {
    const element = frameRef.current;
    if (!element) return undefined;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setFrame({ width: Math.max(0, rect.width - FRAME_PADDING * 2), height: Math.max(0, rect.height - FRAME_PADDING * 2) });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A resize can leave the pan outside the new edges.
  useEffect(() => {
    setView((current) => clampPan(current, geometry.current.base, geometry.current.frame));
  }, [frame.width, frame.height, natural]);

  // Wheel zoom needs a non-passive listener to keep the page behind from scrolling.
  useEffect(() => {
    const element = frameRef.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const focus = focusPoint(event.clientX, event.clientY);
      zoomTo((scale) => scaleAfterWheel(scale, event.deltaY, event.deltaMode), focus);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [focusPoint, zoomTo]);

  // Zoom keys (Escape is the Modal's).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '+' || event.key === '=') zoomTo((scale) => scale * 1.25);
      else if (event.key === '-' || event.key === '_') zoomTo((scale) => scale / 1.25);
      else if (event.key === '0') setView(INITIAL_VIEW);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [zoomTo]);

  // Pointer drag (mouse, pen, one finger) and two-finger pinch.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);

  const pinchDistance = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (pointers.current.size === 2) pinch.current = { distance: pinchDistance(), scale: view.scale };
    setDragging(pointers.current.size === 1 && canDrag(view.scale));
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size >= 2 && pinch.current) {
      const start = pinch.current;
      const [a, b] = [...pointers.current.values()];
      const focus = focusPoint((a.x + b.x) / 2, (a.y + b.y) / 2);
      zoomTo(scaleAfterPinch(start.scale, start.distance, pinchDistance()), focus);
      return;
    }
    const dx = event.clientX - previous.x;
    const dy = event.clientY - previous.y;
    setView((current) => panBy(current, dx, dy, geometry.current.base, geometry.current.frame));
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) setDragging(false);
  };

  const download = async () => {
    setDownloading(true);
    try {
      if (onDownload) await onDownload();
      else if (!(await downloadImage(imageUrl, downloadFileName))) onDownloadError?.();
    } catch (error) {
      console.error('Download failed', error); // logged (spec §8); the caller's toast says so
    } finally {
      setDownloading(false);
    }
  };

  const zoomLabel = formatZoom(view.scale);
  const zoomed = zoomLabel !== '100%';
  const cursor = canDrag(view.scale) ? (dragging ? 'grabbing' : 'grab') : 'default';
  const sized = natural && base.width > 0;

  return (
    <>
      <Toolbar>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => zoomed && setView(INITIAL_VIEW)}
          aria-label={`Zoom ${zoomLabel}${zoomed ? ', reset to 100%' : ''}`}
          title={zoomed ? 'Reset zoom' : 'Zoom'}
        >
          {zoomLabel}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void download()} loading={downloading}>
          {!downloading && <DownloadIcon />}
          Download
        </Button>
        <Button ref={closeRef} variant="secondary" size="sm" onClick={onClose}>
          <CloseIcon />
          Close
        </Button>
      </Toolbar>
      <Frame
        ref={frameRef}
        $cursor={cursor}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-testid="result-viewer-frame"
      >
        {!natural && (
          <Loading>
            <Spinner size={32} label="Loading image" />
          </Loading>
        )}
        <Picture
          src={imageUrl}
          alt={alt}
          draggable={false}
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          onError={() => {
            console.error('Image failed to load', imageUrl);
            if (onImageError) onImageError();
            else onClose();
          }}
          style={{
            width: sized ? base.width : undefined,
            height: sized ? base.height : undefined,
            opacity: natural ? 1 : 0,
            transform: `translate(-50%, -50%) translate(${view.translateX}px, ${view.translateY}px) scale(${view.scale})`,
          }}
          data-scale={view.scale}
        />
      </Frame>
      {builtInEngine ? (
        <ProviderName>
          <BuiltInPreviewLink />
        </ProviderName>
      ) : (
        caption && <ProviderName data-testid="result-provider">{caption}</ProviderName>
      )}
      {mock && <ProviderName data-testid="result-mock">{MOCK_RESULT_CAPTION}</ProviderName>}
      <Hint>{VIEWER_HINT}</Hint>
    </>
  );
}
