import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { ServerDataProvider } from '../app/server-data';

/** Renders UI inside the console's providers (theme, i18n, snackbar, confirm) and the signed-in screens' query cache at a path. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <ServerDataProvider>{ui}</ServerDataProvider> }], {
    initialEntries: [path],
  });
  return {
    router,
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}

/** Renders a route table (the console's own, usually) at a path. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
