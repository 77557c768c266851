import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { SnackbarProvider } from '../components/ui/snackbar';
import { ThemeRoot } from '../lib/display/theme-root';
import { i18n } from '../lib/i18n';

/**
 * Language, theme/direction, snackbar and confirmation dialog for the whole console. The server
 * reads' cache (TanStack Query) is provided by the signed-in layout (server-data.tsx), so the sign-in
 * route does not carry it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeRoot>
        <SnackbarProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </SnackbarProvider>
      </ThemeRoot>
    </I18nextProvider>
  );
}
