export {
  apiRequest,
  apiHeaders,
  getQueryFn,
  createQueryClient,
  throwIfNotOk,
  httpError,
  type HttpMethod,
  type UnauthorizedBehavior,
} from './api/apiRequest.js';
export { getAuthToken, getAuthSessionId, SESSION_ENDED_EVENT } from './auth/authToken.js';
export { parseApiError, isTemporarilyUnavailable, apiErrorMessage, apiErrorToast } from './api/apiErrors.js';
export { AuthProvider, useAuth, CURRENT_USER_QUERY_KEY, type AuthState } from './auth/AuthProvider.js';
export {
  toast,
  useToast,
  dismissToast,
  toastReducer,
  resetToastsForTests,
  type ShellToast,
  type ToastOptions,
  type ToastVariant,
  type ToastState,
  type ToastAction,
} from './toasts/toastStore.js';
export { openGallery, useOpenGalleryListener, OPEN_GALLERY_EVENT } from './gallery/openGallery.js';
export {
  usePageTitle,
  pageDocumentTitle,
  PRODUCT_NAME,
  ServerPageHeadContext,
  type ServerPageHead,
} from './navigation/usePageTitle.js';
export { useHydrated } from './hydration/useHydrated.js';
export { GENERATED_IMAGES_KEY, ShellProviders, type ShellProvidersProps, type ToasterSlotProps } from './ShellProviders.js';
export { DeferredToaster } from './toasts/DeferredToaster.js';
export { StandaloneHost, type StandaloneHostProps } from './StandaloneHost.js';
export type { RemoteComponentModule } from './remote.js';
export {
  useSessionResults,
  useMarkResultsSeen,
  getSessionResults,
  subscribeSessionResults,
  addSessionResults,
  updateSessionResult,
  productRenamed,
  subscribeProductRenamed,
  removeSessionResults,
  announceImageDeleted,
  startPendingGeneration,
  updatePendingGeneration,
  finishPendingGeneration,
  markResultsSeen,
  resetSessionResults,
  formatUnseenBadge,
  type SessionResult,
  type PendingGeneration,
  type SessionResultsState,
} from './results/sessionResults.js';
export { billingAccountQuery, useBillingAccount, useRefreshBillingAccount, creditsErrorToast } from './billing/billing.js';
