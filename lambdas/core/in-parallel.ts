/**
 * `fn` over `items`, at most `width` at a time, answers in the items' order: the bounded fan-out of
 * the performance reads (one rollup Query per line or activity), so a large plan or report never
 * opens hundreds of requests at once.
 */
export async function inParallel<T, R>(items: readonly T[], fn: (item: T) => Promise<R>, width = 16): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}
