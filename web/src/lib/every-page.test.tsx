/** @jest-environment jsdom */
import '../testing/polyfills';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { replaceRow, useEveryPage, type Page } from './every-page';
import { queryClient } from './query-client';

type Row = { ID: number; Name: string };
const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ ID: from + i, Name: `Row ${from + i}` }));
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** A list server whose pages answer only when the test says so. */
function pagedServer(pages: Page<Row>[]) {
  const waiting: { token: string | null; signal: AbortSignal; answer: () => void }[] = [];
  const fetchPage = jest.fn(
    (token: string | null, signal: AbortSignal) =>
      new Promise<Page<Row>>((resolve) => {
        const i = token === null ? 0 : Number(token);
        waiting.push({ token, signal, answer: () => resolve(pages[i]) });
      }),
  );
  const answerNext = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    await act(async () => waiting.shift()?.answer());
  };
  return { fetchPage, waiting, answerNext };
}

afterEach(() => queryClient.clear());

describe('useEveryPage (a list read through the query cache, every page)', () => {
  it('shows the rows from the first page on and follows NextToken until there is none', async () => {
    const server = pagedServer([
      { Items: rows(1, 2), NextToken: '1' },
      { Items: rows(3, 2), NextToken: '2' },
      { Items: rows(5, 1), NextToken: null },
    ]);
    const { result } = renderHook(() => useEveryPage(['Svc', 'List', null, { q: 1 }, 'every page'], server.fetchPage), {
      wrapper,
    });
    expect(result.current.loading).toBe(true);
    await server.answerNext();
    await waitFor(() => expect(result.current.rows.map((r) => r.ID)).toEqual([1, 2]));
    expect(result.current.loading).toBe(false);
    expect(result.current.loadingMore).toBe(true);
    await server.answerNext();
    await server.answerNext();
    await waitFor(() => expect(result.current.rows.map((r) => r.ID)).toEqual([1, 2, 3, 4, 5]));
    expect(result.current.loadingMore).toBe(false);
    expect(server.fetchPage.mock.calls.map(([token]) => token)).toEqual([null, '1', '2']);
  });

  it('a new key (another filter) is another read; the older one is cancelled', async () => {
    const server = pagedServer([{ Items: rows(1, 1), NextToken: null }]);
    const { result, rerender } = renderHook(
      ({ q }) => useEveryPage(['Svc', 'List', null, { q }, 'every page'], server.fetchPage),
      { wrapper, initialProps: { q: 1 } },
    );
    await waitFor(() => expect(server.waiting).toHaveLength(1));
    const older = server.waiting[0].signal;
    rerender({ q: 2 });
    await waitFor(() => expect(older.aborted).toBe(true));
    expect(result.current.loading).toBe(true);
    await server.answerNext(); // the older call, answered too late
    await server.answerNext();
    await waitFor(() => expect(result.current.rows.map((r) => r.ID)).toEqual([1]));
    expect(server.fetchPage).toHaveBeenCalledTimes(2);
  });

  it('a row answered by a write goes in place in the cached list without a read', async () => {
    const server = pagedServer([{ Items: rows(1, 3), NextToken: null }]);
    const key = ['Svc', 'List', null, { q: 1 }, 'every page'];
    const { result } = renderHook(() => useEveryPage(key, server.fetchPage), { wrapper });
    await server.answerNext();
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => replaceRow(key, { ID: 2, Name: 'Renamed' }));
    await waitFor(() => expect(result.current.rows.map((r) => r.Name)).toEqual(['Row 1', 'Renamed', 'Row 3']));
    expect(server.fetchPage).toHaveBeenCalledTimes(1);
  });

  it('a failed page keeps the rows read so far; reload reads again and goes on', async () => {
    let failNext = true;
    const fetchPage = jest.fn(async (token: string | null) => {
      if (token === null) return { Items: rows(1, 2), NextToken: '1' };
      if (failNext) {
        failNext = false;
        throw new Error('network');
      }
      return { Items: rows(3, 1), NextToken: null };
    });
    const { result } = renderHook(() => useEveryPage(['Svc', 'List', null, { q: 9 }, 'every page'], fetchPage), {
      wrapper,
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.rows.map((r) => r.ID)).toEqual([1, 2]);
    expect(result.current.loadingMore).toBe(false);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.rows.map((r) => r.ID)).toEqual([1, 2, 3]));
    expect(result.current.error).toBeNull();
  });
});
