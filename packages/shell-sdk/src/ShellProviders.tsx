import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider.js';
import { createQueryClient } from './api/apiRequest.js';

/**
 * The data and auth context the shell gives every remote. Render it inside a Router (logout
 * navigates). A remote's standalone host renders the same providers, so it behaves as in the shell.
 */
export function ShellProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
