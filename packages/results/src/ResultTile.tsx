import { useId, type CSSProperties } from 'react';
import styled from 'styled-components';
import { AccentBadge, VisuallyHidden, photoCaption } from '@vton/ui';
import { BuiltInPreviewLink } from './BuiltInPreview.js';
import { resultLabel } from './download.js';
import { DownloadIcon, TrashIcon } from './icons.js';

export const TileFrame = styled.div`
  position: relative;
  aspect-ratio: 1 / 1;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const OpenButton = styled.button`
  display: block;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: zoom-in;
  border-radius: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.2s ease;
  }
  &:hover img {
    transform: scale(1.03);
  }
`;

const Label = styled.span`
  ${photoCaption}
  left: 8px;
  bottom: 8px;
  padding: 2px 8px;
  /* a few lines (number, product and model, date): a rounded box, not a pill */
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  max-width: calc(100% - 16px);
  small {
    display: block;
    font-size: 11px;
    font-weight: 500;
    opacity: 0.85;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const MockBadge = styled.span`
  display: inline-block;
  margin-left: 6px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  font-size: 10px;
  font-weight: 700;
  letter-spacing: 0.02em;
  text-transform: uppercase;
`;

const NewBadge = styled(AccentBadge)`
  position: absolute;
  left: 8px;
  top: 8px;
  font-size: 11px;
  letter-spacing: 0.02em;
  pointer-events: none;
`;

const PreviewTag = styled(BuiltInPreviewLink)<{ $belowBadge?: boolean }>`
  position: absolute;
  left: 8px;
  top: ${({ $belowBadge }) => ($belowBadge ? '34px' : '8px')};
  max-width: calc(100% - 56px);
  padding: 2px 8px;
  /* it may take two lines: a rounded box, not a pill */
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(5, 5, 10, 0.78);
  font-size: 11px;
  line-height: 16px;
  /* a narrow tile (six columns at 1280 px, two on a phone) wraps the words onto a second line: never cut them */
  text-wrap: balance;
`;

const Actions = styled.div`
  position: absolute;
  top: 8px;
  right: 8px;
  display: flex;
  gap: 6px;
  opacity: 0;
  transform: translateY(-4px);
  transition: opacity 0.15s ease, transform 0.15s ease;
  ${TileFrame}:hover &,
  ${TileFrame}:focus-within & {
    opacity: 1;
    transform: none;
  }
  @media (hover: none) {
    opacity: 1;
    transform: none;
  }
  /* held (right after a delete, until the pointer moves): a tile that slid under the resting
     cursor neither shows nor takes a click on its delete */
  ${TileFrame}[data-actions-held]:not(:focus-within) & {
    opacity: 0;
    pointer-events: none;
  }
`;

const ActionButton = styled.button<{ $destructive?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 34px;
  height: 34px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: rgba(5, 5, 10, 0.78);
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.text)};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme, $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.surfaceRaised)};
    color: #fff;
  }
  &:disabled {
    opacity: 0.5;
    cursor: progress;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 1px;
  }
`;

export interface ResultTileProps {
  /** Shown as "Result #n" (1 = newest). */
  n: number;
  /** Small preview; the full-size image loads only in the viewer or on download. */
  thumbnailUrl: string;
  /** Intrinsic size of the thumbnail (avoids layout shift while it loads). */
  width?: number;
  height?: number;
  /** Text alternative of the image; defaults to "Result #n". */
  alt?: string;
  /** This session's result (the "New" badge). */
  isNew?: boolean;
  /** Opens the fullscreen viewer. */
  onOpen: () => void;
  /** Downloads the full-size image; no button without it. */
  onDownload?: () => void;
  /** Deletes a saved image; pass it only for saved images. */
  onDelete?: () => void;
  /** A delete or download in flight: disables the action buttons. */
  busy?: boolean;
  /** The thumbnail could not be loaded (the image was deleted meanwhile). */
  onImageError?: () => void;
  /** A caption under "Result #n": the model photo's file name. */
  caption?: string;
  /** The name of the product it was made for, shown with the model. */
  product?: string;
  /** When it was made (ISO 8601), shown under the names. */
  date?: string;
  /** A Mock result (the model photo, unchanged; no try-on was made): marked as such. */
  mock?: boolean;
  /** Hides the hover actions and takes no clicks on them (the grid just changed under the cursor). */
  actionsHeld?: boolean;
  /** Made by the built-in engine: labelled "Preview — built-in engine", linking to the docs' provider article. */
  builtInEngine?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * One result in a grid: a button opening the viewer, with download (and delete for saved
 * images) revealed on hover and on keyboard focus, always shown on touch screens.
 */
export function ResultTile({ n, thumbnailUrl, width, height, alt, isNew, onOpen, onDownload, onDelete, busy, onImageError, caption, product, date, mock, actionsHeld, builtInEngine, className, style }: ResultTileProps) {
  const label = resultLabel(n);
  const captionId = useId();
  const madeAt = formatResultDate(date);
  const described = Boolean(caption || product || madeAt || mock);
  return (
    <TileFrame
      role="listitem"
      className={className}
      style={style}
      data-result-tile={n}
      data-actions-held={actionsHeld || undefined}
    >
      <OpenButton type="button" onClick={onOpen} aria-label={isNew ? `${label}, new` : label} aria-describedby={described ? captionId : undefined}>
        <img src={thumbnailUrl} alt={alt ?? label} width={width} height={height} loading="lazy" decoding="async" draggable={false} onError={onImageError} />
      </OpenButton>
      <Label aria-hidden={described ? undefined : 'true'}>
        <span aria-hidden="true">{label}</span>
        {mock && <MockBadge data-testid="result-mock">Mock</MockBadge>}
        {described && (
          <span id={captionId}>
            {mock && <VisuallyHidden>Mock result (the model photo, unchanged).</VisuallyHidden>}
            {(caption || product) && (
              <small>
                {product && <span data-testid="result-product">{product}</span>}
                {product && caption && ' on '}
                {caption && <span data-testid="result-caption">{caption}</span>}
              </small>
            )}
            {madeAt && date && (
              <small>
                <time dateTime={date} data-testid="result-date">
                  {madeAt}
                </time>
              </small>
            )}
          </span>
        )}
      </Label>
      {isNew && <NewBadge aria-hidden="true">New</NewBadge>}
      {builtInEngine && <PreviewTag $belowBadge={isNew} />}
      {(onDownload || onDelete) && (
        <Actions>
          {onDownload && (
            <ActionButton type="button" onClick={onDownload} disabled={busy} aria-label={`Download ${label}`} title="Download">
              <DownloadIcon />
            </ActionButton>
          )}
          {onDelete && (
            <ActionButton type="button" $destructive onClick={onDelete} disabled={busy} aria-label={`Delete ${label}`} title="Delete">
              <TrashIcon />
            </ActionButton>
          )}
        </Actions>
      )}
    </TileFrame>
  );
}

/** "26 Nov 2026, 14:03" in the reader's own locale; nothing for a missing or unreadable date. */
export function formatResultDate(date: string | undefined): string | null {
  if (!date || Number.isNaN(Date.parse(date))) return null;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
}
