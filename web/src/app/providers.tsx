import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { SnackbarProvider } from '../components/ui/snackbar';
import { ThemeRoot } from '../features/settings/theme-root';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** The server reads' cache (lib/query-client.ts), language, theme/direction, snackbar and confirmation dialog for the whole console. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeRoot>
          <SnackbarProvider>
            <ConfirmProvider>{children}</ConfirmProvider>
          </SnackbarProvider>
        </ThemeRoot>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
