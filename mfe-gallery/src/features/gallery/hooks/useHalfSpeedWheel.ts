import { useEffect, type RefObject } from 'react';
import { GALLERY_WHEEL_SPEED, clampScroll, smoothStep, wheelPixels } from '../utils/smoothWheel';

/**
 * Wheel scrolling over `ref` moves the window at half the wheel's distance, animated towards
 * an accumulated target so fast wheel turns stay smooth. Ctrl+wheel (browser zoom) and
 * sideways scrolling are left to the browser; so is every other way of scrolling.
 */
export function useHalfSpeedWheel(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    let target = window.scrollY;
    let frame: number | null = null;
    let lastSet: number | null = null;

    const animate = () => {
      // Someone else scrolled (scrollbar, keyboard, focus): give up the animation.
      if (lastSet !== null && Math.abs(window.scrollY - lastSet) > 2) {
        frame = null;
        lastSet = null;
        return;
      }
      const next = smoothStep(window.scrollY, target);
      window.scrollTo({ top: next, behavior: 'instant' as ScrollBehavior });
      lastSet = window.scrollY;
      frame = next === target ? null : requestAnimationFrame(animate);
      if (frame === null) lastSet = null;
    };

    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.defaultPrevented || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      event.preventDefault();
      if (frame === null) target = window.scrollY;
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      target = clampScroll(target + wheelPixels(event.deltaY, event.deltaMode, window.innerHeight) * GALLERY_WHEEL_SPEED, maxScroll);
      if (frame === null) frame = requestAnimationFrame(animate);
    };

    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element.removeEventListener('wheel', onWheel);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [ref]);
}
