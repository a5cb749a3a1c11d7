import type { ToastOptions } from '@vton/shell-sdk';

const ACCOUNT_VERIFIED = 'Your account has been successfully verified.';

/** Spec §2 toasts of the landing page's and the auth screen's query parameters. */
export const emailVerifiedToast: ToastOptions = {
  title: 'Email Verified!',
  description: `${ACCOUNT_VERIFIED} You can now sign in.`,
};

/** /verify-email signs the user in itself, so the same toast without the "now sign in" hint. */
export const emailVerifiedSignedInToast: ToastOptions = { ...emailVerifiedToast, description: ACCOUNT_VERIFIED };

export const authRequiredToast: ToastOptions = {
  title: 'Authentication Required',
  description: 'Please sign in to access this feature.',
  variant: 'destructive',
};
