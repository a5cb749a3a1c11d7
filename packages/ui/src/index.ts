export { theme, media, type Theme } from './theme.js';
export { GlobalStyle } from './GlobalStyle.js';
export { ThemeRoot } from './ThemeRoot.js';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button.js';
export { Spinner, LoadingState, type SpinnerProps } from './Spinner.js';
export { Card } from './Card.js';
export { Input, Label, Textarea } from './Field.js';
export { Container, Badge, VisuallyHidden, PageHeader, type PageHeaderProps } from './Layout.js';
export { Toaster, TOAST_VIEWPORT_LABEL, type ToasterProps, type ToastItem, type ToastVariant } from './Toaster.js';
// For `@vton/ui/modals` (the modals import the kit by name, so both entries share this module state).
export { isInToastRegion, isInsideToast, useToastRegion } from './toastRegion.js';
