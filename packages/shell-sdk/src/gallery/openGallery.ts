import { useEffect, useRef } from 'react';

/**
 * The global open-gallery trigger: anything (the shell's navigation, a studio button) can
 * ask the results drawer to open; the studio listens. A DOM event keeps it working even if
 * two copies of the SDK were ever loaded.
 */
export const OPEN_GALLERY_EVENT = 'vton:open-gallery';

export function openGallery(): void {
  window.dispatchEvent(new CustomEvent(OPEN_GALLERY_EVENT));
}

export function useOpenGalleryListener(onOpen: () => void): void {
  const latest = useRef(onOpen);
  latest.current = onOpen;
  useEffect(() => {
    const handler = () => latest.current();
    window.addEventListener(OPEN_GALLERY_EVENT, handler);
    return () => window.removeEventListener(OPEN_GALLERY_EVENT, handler);
  }, []);
}
