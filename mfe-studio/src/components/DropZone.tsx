import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { isImageFile } from '../lib/image';

const Zone = styled.div<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 6px;
  padding: 22px 16px;
  border: 1.5px dashed ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $active }) => ($active ? 'rgba(198, 244, 50, 0.06)' : 'rgba(255, 255, 255, 0.02)')};
  text-align: center;
  cursor: pointer;
  transition: border-color 0.15s ease, background 0.15s ease;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
`;

const Title = styled.span`
  font-weight: 600;
  font-size: 14px;
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
`;

/** Spec §5: only files whose type starts with image/; single mode takes only the first. */
export function pickImageFiles(files: FileList | File[] | null, multiple: boolean): File[] {
  return sortPicked(files, multiple).images;
}

/** The image files to take, and the files refused for not being images (named to the seller). */
export function sortPicked(files: FileList | File[] | null, multiple: boolean): { images: File[]; refused: File[] } {
  const all = Array.from(files ?? []);
  const images = all.filter(isImageFile);
  return { images: multiple ? images : images.slice(0, 1), refused: all.filter((file) => !isImageFile(file)) };
}

/** Why a file is refused before upload. */
export const NOT_AN_IMAGE = 'not an image (JPG, PNG or WebP)';

export interface DropZoneProps {
  title: string;
  hint?: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** Files that are not images, refused before any upload (the good ones still go to onFiles). */
  onRefused?: (files: File[]) => void;
  /** Opens the section's file dialog (useFilePicker's `open`). */
  onBrowse: () => void;
  icon?: ReactNode;
}

/**
 * A drop zone that is also a button opening the file dialog. The file input is not its own but
 * the section's (useFilePicker), mounted whether or not the drop zone shows: the drop zone gives
 * way while its dialog is open (the restored workspace fills the section), and the files chosen
 * then must still arrive — an unmounted input's change reaches no one.
 */
export function DropZone({ title, hint, multiple = false, disabled, onFiles, onRefused, onBrowse, icon }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const take = (files: FileList | File[] | null) => {
    const { images, refused } = sortPicked(files, multiple);
    if (refused.length > 0) onRefused?.(refused);
    if (images.length > 0) onFiles(images);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <Zone
      role="button"
      tabIndex={0}
      aria-disabled={disabled || undefined}
      $active={over}
      onClick={() => !disabled && onBrowse()}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && !disabled) {
          event.preventDefault();
          onBrowse();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {icon}
      <Title>{title}</Title>
      {hint && <Hint>{hint}</Hint>}
    </Zone>
  );
}

/**
 * The hidden file input of a section, opened by its drop zone or a button ("Replace", "Add more").
 * Render `element` outside what switches between the drop zone and the section's content.
 */
export function useFilePicker(multiple: boolean, onFiles: (files: File[]) => void, label: string, onRefused?: (files: File[]) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const element = (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      multiple={multiple}
      aria-label={label}
      hidden
      onChange={(event) => {
        const { images, refused } = sortPicked(event.target.files, multiple);
        event.target.value = '';
        if (refused.length > 0) onRefused?.(refused);
        if (images.length > 0) onFiles(images);
      }}
    />
  );
  return { open: () => ref.current?.click(), element };
}
