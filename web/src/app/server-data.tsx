import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

/**
 * The console's one cache of server reads (lib/query-client.ts) for the screens below it. It wraps
 * the signed-in layout (routes/app/signed-in-layout.tsx), not the whole app (providers.tsx): the
 * sign-in screens read nothing through it, and TanStack Query's core (~8.5 kB gzip) would put the
 * sign-in route over its 250 kB budget. One client either way: every screen shares its answers.
 */
export function ServerDataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
