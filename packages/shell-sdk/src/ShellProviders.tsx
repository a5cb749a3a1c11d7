import { useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider.js';
import { createQueryClient } from './api/apiRequest.js';
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
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        {Toaster && <ConnectedToaster Toaster={Toaster} />}
      </AuthProvider>
    </QueryClientProvider>
  );
}
