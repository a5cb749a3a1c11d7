import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider.js';
import { createQueryClient } from './api/apiRequest.js';
import { subscribeProductRenamed } from './results/sessionResults.js';
import { useToast, type ShellToast } from './toasts/toastStore.js';

/** What a toast viewport gets from the SDK's toast store (the UI kit's Toaster takes exactly this). */
export interface ToasterSlotProps {
  toasts: readonly ShellToast[];
  onDismiss: (id: string) => void;
}

function ConnectedToaster({ Toaster }: { Toaster: ComponentType<ToasterSlotProps> }) {
  const { toasts, dismiss } = useToast();
  return <Toaster toasts={toasts} onDismiss={dismiss} />;
}

/** Prefix of every query of saved results (the gallery's pages), whose records name their product. */
export const GENERATED_IMAGES_KEY = ['/api/generated-images'] as const;

export interface ShellProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The toast viewport to mount once, fed by the toast store. */
  Toaster?: ComponentType<ToasterSlotProps>;
}

/**
 * The data, auth and toast context the shell gives every remote. Render it inside a Router
 * (logout navigates) and the theme. A remote's standalone host renders the same providers,
 * so the remote behaves as it does inside the shell.
 */
export function ShellProviders({ children, queryClient, Toaster }: ShellProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // A product renamed in the studio, in this tab or another, renames its saved results: the gallery's
  // pages cached in this page are read again (now if shown, else when next shown), not kept with the
  // name they were loaded with.
  useEffect(() => subscribeProductRenamed(() => void client.invalidateQueries({ queryKey: GENERATED_IMAGES_KEY })), [client]);
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        {Toaster && <ConnectedToaster Toaster={Toaster} />}
      </AuthProvider>
    </QueryClientProvider>
  );
}
