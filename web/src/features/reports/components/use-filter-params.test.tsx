/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useFilterParams } from './use-filter-params';

type Setter = ReturnType<typeof useFilterParams>[1];

/** A route that hands out the hook's setter and shows the rendered parameters. */
function mount(path: string) {
  const seen: { set?: Setter; shown: string[] } = { shown: [] };
  function Probe() {
    const [params, set] = useFilterParams();
    seen.set = set;
    seen.shown.push(params.toString());
    return <span data-testid="shown">{params.toString()}</span>;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const put = (key: string, value: string) =>
    seen.set!((latest) => {
      latest.set(key, value);
      return latest;
    });
  return { router, seen, put, search: () => router.state.location.search };
}

describe('useFilterParams', () => {
  it('two changes before a render both land: the second starts from the first', async () => {
    const { put, search } = mount('/performance/list');
    await act(async () => {
      put('period', '4');
      put('groupBy', 'activity');
    });
    expect(new URLSearchParams(search()).get('period')).toBe('4');
    expect(new URLSearchParams(search()).get('groupBy')).toBe('activity');
  });

  it('a navigation of someone else (a link, the menu) is the base of the next change', async () => {
    const { router, put, search } = mount('/performance/list?period=4');
    await act(async () => {
      await router.navigate('/performance/list?platform=meta_ads');
    });
    await act(async () => {
      put('groupBy', 'activity');
    });
    expect(Object.fromEntries(new URLSearchParams(search()))).toEqual({ platform: 'meta_ads', groupBy: 'activity' });
  });

  it('the screen is given the rendered parameters', async () => {
    const { put, seen } = mount('/performance/list?period=2');
    expect(seen.shown.at(-1)).toBe('period=2');
    await act(async () => {
      put('period', '3');
    });
    expect(seen.shown.at(-1)).toBe('period=3');
  });
});
