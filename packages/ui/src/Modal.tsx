import {
  createContext,
  forwardRef,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentPropsWithoutRef,
  type ReactNode,
  type RefObject,
} from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useFocusScopeBranch } from '@radix-ui/react-focus-scope';
import { isInToastRegion, isInsideToast, useToastRegion } from '@vton/ui';

interface ModalContextValue {
  close: () => void;
  /** Where focus goes back on close. */
  returnFocus: RefObject<HTMLElement | null>;
}

const ModalContext = createContext<ModalContextValue | null>(null);

function useModal(part: string): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error(`${part} must be rendered inside <Modal>`);
  return value;
}

export interface ModalProps {
  /** Default true: callers that mount the modal only while it is open leave it out. */
  open?: boolean;
  /** Escape, the overlay or a close button asked to close. */
  onClose: () => void;
  /** Where focus goes back on close; default what had focus when it opened (the tile, the menu button). */
  returnFocus?: RefObject<HTMLElement | null>;
  /** A ModalOverlay and a ModalContent (each is portalled to <body>). */
  children: ReactNode;
}

/**
 * A modal dialog on Radix Dialog, for the drawers and the viewer: while open, focus is trapped in
 * its ModalContent, everything else is hidden from screen readers (aria-hidden) and takes no
 * pointer events, the page does not scroll, and Escape or a click on the overlay closes the top
 * one only (a viewer over a drawer closes first). On close, focus goes back to what had it when
 * the modal opened. The toast region stays reachable (F8) and readable while a modal is open.
 */
export function Modal({ open = true, onClose, returnFocus, children }: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Before the content mounts (it is portalled a commit later) focus is still on the opener.
  // Radix gives focus back only to a Dialog.Trigger; ours open from anywhere (a tile, a menu).
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open) opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const returnTo = returnFocus ?? opener;
  const value = useMemo<ModalContextValue>(() => ({ close: () => onCloseRef.current(), returnFocus: returnTo }), [returnTo]);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => next || onCloseRef.current()}>
      <ModalContext.Provider value={value}>
        <Dialog.Portal>{children}</Dialog.Portal>
      </ModalContext.Provider>
    </Dialog.Root>
  );
}

/** The dimmed backdrop behind the content; a click on it closes the modal. */
export const ModalOverlay = Dialog.Overlay;
/** The visible heading that names the dialog (an h2 unless asChild). */
export const ModalTitle = Dialog.Title;
/** Text that describes the dialog (aria-describedby). */
export const ModalDescription = Dialog.Description;

export interface ModalContentProps extends Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'onOpenAutoFocus' | 'onCloseAutoFocus'> {
  /** What gets focus on open: a ref or a selector inside the content; default its first control (links skipped). */
  initialFocus?: RefObject<HTMLElement | null> | string;
}

/** The dialog itself (role dialog, aria-modal): name it with a ModalTitle or aria-label. */
export const ModalContent = forwardRef<HTMLDivElement, ModalContentProps>(function ModalContent(
  { initialFocus, onEscapeKeyDown, onKeyDown, children, ...props },
  ref,
) {
  const modal = useModal('ModalContent');
  return (
    <Dialog.Content
      ref={ref}
      // Radix tells screen readers by hiding the rest; aria-modal says so on the dialog itself
      // (the studio's tools also read it to leave an Escape to an open dialog).
      aria-modal="true"
      {...props}
      onOpenAutoFocus={(event) => {
        const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
        const target = typeof initialFocus === 'string' ? content?.querySelector<HTMLElement>(initialFocus) : initialFocus?.current;
        if (!target) return;
        event.preventDefault();
        target.focus({ preventScroll: true });
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        // Radix does this a tick after the content left: focus then is on <body> (or still in the
        // toasts, if F8 took it there), unless the page has moved it on purpose meanwhile.
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected && !isInToastRegion(active)) return;
        const target = modal.returnFocus.current;
        if (target?.isConnected) target.focus({ preventScroll: true });
      }}
      onEscapeKeyDown={(event) => {
        // An Escape inside a toast (F8 took focus there) closes that toast, not the modal.
        if (isInsideToast(event.target)) {
          event.preventDefault();
          return;
        }
        onEscapeKeyDown?.(event);
        // Closes this modal only: nothing behind it (a drawer, the studio's tools) sees this Escape.
        event.stopPropagation();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // A toast shown after the modal opened is Radix's top layer, so the modal's own Escape
        // listener is off until the toast leaves; an Escape from inside the modal still closes it.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        event.stopPropagation();
        modal.close();
      }}
    >
      <ToastRegionBranch />
      {children}
    </Dialog.Content>
  );
});

/** Focus may move into the toast region (F8) without the trap pulling it back. */
function ToastRegionBranch() {
  useFocusScopeBranch(useToastRegion());
  return null;
}
