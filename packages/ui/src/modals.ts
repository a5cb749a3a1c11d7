// The UI kit's modals, a second entry (`@vton/ui/modals`) so Radix Dialog (with its scroll lock and
// aria-hidden helpers) loads with the first drawer or viewer, not on every page the kit is on.
export { Modal, ModalOverlay, ModalContent, ModalTitle, ModalDescription, type ModalProps, type ModalContentProps } from './Modal.js';
export { SideDrawer, type SideDrawerProps } from './SideDrawer.js';
