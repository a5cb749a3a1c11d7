import type { ToastOptions } from '@vton/shell-sdk';

/** Spec §2 toasts of the landing page's and the auth screen's query parameters. */
export const emailVerifiedToast: ToastOptions = {
  title: 'Email Verified!',
  description: 'Your account has been successfully verified. You can now sign in.',
};

export const authRequiredToast: ToastOptions = {
  title: 'Authentication Required',
  description: 'Please sign in to access this feature.',
  variant: 'destructive',
};
