import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import type { GarmentRecord } from '@vton/contracts';
import { AccentBadge, Button } from '@vton/ui';
import { CanvasPanel, CanvasPanelBar } from '../../../components/CanvasPanel';
import {
  cropArea,
  cropLabel,
  defaultCrop,
  moveCrop,
  passedDragThreshold,
  resizeCrop,
  toCropData,
  type Corner,
  type CropSquare,
} from '../model/cropModel';
import { cropGarment } from '../api/cropGarment';
import { useEscapeToCancel } from '../../../hooks/useEscapeToCancel';

/** Spec §9 touch drag threshold. */
export const DRAG_THRESHOLD_PX = 5;
const FRAME_PADDING = 32;

const Toolbar = styled(CanvasPanelBar)`
  justify-content: space-between;
  gap: 12px;
  padding: 10px 16px;
`;

const Stage = styled.div`
  position: relative;
  flex: 1;
  overflow: hidden;
  touch-action: none;
  user-select: none;
`;

const Area = styled.div`
  position: absolute;
  background: #fff;
`;

const Photo = styled.img`
  position: absolute;
  pointer-events: none;
  -webkit-user-drag: none;
`;

const Square = styled.div`
  position: absolute;
  border: 2px solid ${({ theme }) => theme.colors.accent};
  box-shadow: 0 0 0 9999px rgba(5, 5, 10, 0.6);
  cursor: move;
  &:focus-visible { outline: 2px dashed #fff; outline-offset: 3px; }
`;

const SizeLabel = styled(AccentBadge)`
  position: absolute;
  left: 50%;
  top: -30px;
  transform: translateX(-50%);
  color: ${({ theme }) => theme.colors.background};
  white-space: nowrap;
`;

const Handle = styled.span<{ $corner: Corner }>`
  position: absolute;
  width: 18px;
  height: 18px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.accent};
  border: 2px solid #0b0b12;
  ${({ $corner }) => ($corner.startsWith('n') ? 'top: -10px;' : 'bottom: -10px;')}
  ${({ $corner }) => ($corner.endsWith('w') ? 'left: -10px;' : 'right: -10px;')}
  cursor: ${({ $corner }) => ($corner === 'nw' || $corner === 'se' ? 'nwse-resize' : 'nesw-resize')};
  /* a larger invisible hit area for fingers */
  &::after { content: ''; position: absolute; inset: -12px; }
`;

const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se'];

interface Drag {
  pointerId: number;
  mode: 'move' | Corner;
  startX: number;
  startY: number;
  start: CropSquare;
  active: boolean;
}

export interface CropToolProps {
  garment: { id: number; url: string; width: number; height: number };
  onCancel: () => void;
  onCropped: (record: GarmentRecord) => void;
  onError: (error: unknown) => void;
}

/** Spec §2 crop mode: a draggable, resizable square in natural px, padded white past the photo. */
export function CropTool({ garment, onCancel, onCropped, onError }: CropToolProps) {
  const image = { width: garment.width, height: garment.height };
  const [crop, setCrop] = useState<CropSquare>(() => defaultCrop(image));
  const [frame, setFrame] = useState({ width: 0, height: 0 });
  const [saving, setSaving] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const square = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  // Escape cancels like the Cancel button (not while the crop is being saved)
  useEscapeToCancel(onCancel, !saving);

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return undefined;
    const measure = () => setFrame({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  // the tool takes the main area and the Crop button that opened it is disabled: focus goes to the square, which the arrow keys move
  useEffect(() => square.current?.focus({ preventScroll: true }), []);

  useEffect(() => setCrop(defaultCrop({ width: garment.width, height: garment.height })), [garment.id, garment.width, garment.height]);

  const area = cropArea(image);
  const scale = Math.max(0.0001, Math.min((frame.width - FRAME_PADDING * 2) / area.size, (frame.height - FRAME_PADDING * 2) / area.size));
  // screen position of natural (0, 0)
  const offsetX = frame.width / 2 - (area.x + area.size / 2) * scale;
  const offsetY = frame.height / 2 - (area.y + area.size / 2) * scale;

  const begin = (mode: Drag['mode']) => (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    stage.current?.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, mode, startX: event.clientX, startY: event.clientY, start: crop, active: false };
  };

  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.active) {
      if (!passedDragThreshold(dx, dy, DRAG_THRESHOLD_PX)) return;
      current.active = true;
    }
    const nx = dx / scale;
    const ny = dy / scale;
    setCrop(current.mode === 'move' ? moveCrop(current.start, nx, ny, image) : resizeCrop(current.start, current.mode, nx, ny, image));
  };

  const end = (event: PointerEvent) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation();
      setCrop((c) => moveCrop(c, move[0], move[1], image));
    } else if (event.key === '+' || event.key === '-') {
      event.preventDefault();
      setCrop((c) => resizeCrop(c, 'se', event.key === '+' ? step : -step, 0, image));
    }
  };

  const confirm = async () => {
    setSaving(true);
    try {
      onCropped(await cropGarment(garment.id, toCropData(crop, image)));
    } catch (error) {
      onError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <CanvasPanel>
      <Toolbar>
        <strong>Crop garment</strong>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button size="sm" onClick={() => void confirm()} loading={saving}>
            Confirm
          </Button>
        </div>
      </Toolbar>
      <Stage ref={stage} data-testid="crop-stage" onPointerMove={onPointerMove} onPointerUp={end} onPointerCancel={end}>
        <>
          <Area style={{ left: offsetX + area.x * scale, top: offsetY + area.y * scale, width: area.size * scale, height: area.size * scale }} />
          <Photo
            src={garment.url}
            alt="Garment to crop"
            draggable={false}
            style={{ left: offsetX, top: offsetY, width: image.width * scale, height: image.height * scale }}
          />
          <Square
            ref={square}
            role="group"
            tabIndex={0}
            aria-label={`Crop square ${cropLabel(crop)}`}
            data-testid="crop-square"
            onPointerDown={begin('move')}
            onKeyDown={onKeyDown}
            style={{ left: offsetX + crop.x * scale, top: offsetY + crop.y * scale, width: crop.size * scale, height: crop.size * scale }}
          >
            <SizeLabel data-testid="crop-size">{cropLabel(crop)}</SizeLabel>
            {CORNERS.map((corner) => (
              <Handle key={corner} $corner={corner} data-testid={`crop-handle-${corner}`} onPointerDown={begin(corner)} />
            ))}
          </Square>
        </>
      </Stage>
    </CanvasPanel>
  );
}
