import { lazy, Suspense, useState } from 'react';
import type { ToasterProps } from '@vton/ui';

const Toaster = lazy(() => import('@vton/ui/toasts').then((entry) => ({ default: entry.Toaster })));

/**
 * The Toaster, loaded when the first toast comes: most visits show none, and Radix Toast (with
 * the dismissable layer it brings) would otherwise be ~15 KiB of every page's first load. Once
 * loaded it stays mounted, so the F8 region and Radix's timers behave as if it had always been
 * there; a toast pushed meanwhile waits in the store and shows when the viewport arrives.
 */
export function DeferredToaster(props: ToasterProps) {
  const [needed, setNeeded] = useState(props.toasts.length > 0);
  if (!needed && props.toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
