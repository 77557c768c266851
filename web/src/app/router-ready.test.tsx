/** @jest-environment jsdom */
import '../testing/polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routerReady } from './router';

afterEach(cleanup);

/** A lazy route whose chunk arrives when the test says so. */
function lazyRouter() {
  let arrive: () => void = () => undefined;
  const chunk = new Promise<void>((resolve) => (arrive = resolve));
  const router = createMemoryRouter(
    [
      {
        path: '/screen',
        hydrateFallbackElement: <p>fallback</p>,
        lazy: async () => {
          await chunk;
          return { element: <p>the screen</p> };
        },
      },
    ],
    { initialEntries: ['/screen'] },
  );
  return { router, arrive: () => arrive() };
}

describe('routerReady', () => {
  it('settles only once the first address has its lazy route, so the first render is the screen', async () => {
    const { router, arrive } = lazyRouter();
    let ready = false;
    const waiting = routerReady(router).then(() => (ready = true));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(ready).toBe(false);
    arrive();
    await waiting;
    render(<RouterProvider router={router} />);
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('settles at once for a router already initialised, and when the chunk failed (its error element shows)', async () => {
    const { router, arrive } = lazyRouter();
    arrive();
    await routerReady(router);
    await expect(routerReady(router)).resolves.toBeUndefined();

    const broken = createMemoryRouter(
      [
        {
          path: '/broken',
          hydrateFallbackElement: <p>fallback</p>,
          errorElement: <p>the error</p>,
          lazy: () => Promise.reject(new Error('chunk failed')),
        },
      ],
      { initialEntries: ['/broken'] },
    );
    await routerReady(broken);
    render(<RouterProvider router={broken} />);
    expect(screen.getByText('the error')).toBeTruthy();
  });
});
