import { useCallback, useRef } from 'react';

/**
 * The editor's line writes, one at a time (the mix's version is tracked across them), and the rows'
 * pending edits: a row registers how to save what it holds, so Save, Submit and Export flush them all.
 */
export function useWriteQueue() {
  const flushers = useRef(new Map<number, () => Promise<void>>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const enqueue = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const register = useCallback((id: number, flush: (() => Promise<void>) | null) => {
    if (flush) flushers.current.set(id, flush);
    else flushers.current.delete(id);
  }, []);

  /** Saves every row that holds an edit, then waits for the queue. */
  const flushAll = useCallback(async () => {
    await Promise.all([...flushers.current.values()].map((f) => f()));
    await queue.current;
  }, []);

  return { enqueue, register, flushAll };
}

export type Enqueue = ReturnType<typeof useWriteQueue>['enqueue'];
