// The UI kit's toast viewport, a third entry (`@vton/ui/toasts`) so Radix Toast loads with the
// first toast (the SDK's DeferredToaster), not on every page the kit is on.
export { Toaster } from './Toaster.js';
