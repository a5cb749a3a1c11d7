export { theme, media, type Theme } from './theme.js';
export { GlobalStyle } from './GlobalStyle.js';
export { ThemeRoot } from './ThemeRoot.js';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button.js';
export { Spinner, LoadingState, type SpinnerProps } from './Spinner.js';
export { Card } from './Card.js';
export { Fetched, type FetchState, type FetchedNote } from './Fetched.js';
export { Fieldset, Input, Label, Textarea } from './Field.js';
export { Container, Badge, AccentBadge, VisuallyHidden, PageHeader, brandGradientText, photoCaption, type PageHeaderProps } from './Layout.js';
export { DataTable, type DataTableProps } from './DataTable.js';
// For `@vton/ui/modals` and `@vton/ui/toasts` (they import the kit by name, so every entry shares this module state).
export { isInToastRegion, isInsideToast, setToastRegion, useToastRegion, TOAST_VIEWPORT_LABEL, type ToasterProps, type ToastItem, type ToastVariant } from './toastRegion.js';
