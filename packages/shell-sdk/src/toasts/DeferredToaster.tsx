import { lazy, Suspense, useState } from 'react';
import type { ToasterProps } from '@vton/ui';

const Toaster = lazy(() => import('@vton/ui/toasts').then((entry) => ({ default: entry.Toaster })));

/**
 * The UI kit's Toaster, loaded when the first toast comes: most visits show none, and Radix Toast
 * (with the dismissable layer it brings) would otherwise be ~15 KiB of every page's first load.
 * Once loaded it stays mounted, so the F8 region and Radix's timers behave as if it had always
 * been there; a toast pushed meanwhile waits in the store and shows when the viewport arrives.
 *
 * The holder is there from the start with `aria-live="off"` (not a live region; the cards are):
 * a modal opened before the first toast hides the rest of the page with the aria-hidden library,
 * which leaves `[aria-live]` elements and their ancestors alone — so a viewport mounted in here
 * later is readable over the modal, as the Toaster's own list is when it is already on the page.
 */
export function DeferredToaster(props: ToasterProps) {
  const [needed, setNeeded] = useState(props.toasts.length > 0);
  if (!needed && props.toasts.length > 0) setNeeded(true);
  return (
    <div aria-live="off">
      {needed && (
        <Suspense fallback={null}>
          <Toaster {...props} />
        </Suspense>
      )}
    </div>
  );
}
