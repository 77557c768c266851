/**
 * jsdom has no matchMedia, so MUI's media hooks see no match (a wide screen). `phoneViewport()`
 * answers width queries as a window `width` px wide would (MUI's breakpoints ask `(max-width:599.95px)`,
 * `(min-width:900px)`), anything else as not matching; call the answer to put jsdom back.
 */
export function phoneViewport(width = 390): () => void {
  const had = Object.prototype.hasOwnProperty.call(window, 'matchMedia');
  const before = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: matchesWidth(query, width),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    if (had) window.matchMedia = before;
    else delete (window as { matchMedia?: unknown }).matchMedia;
  };
}

/** Every `(min-width: …px)` / `(max-width: …px)` of the query holds at `width` (and there is at least one). */
function matchesWidth(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return (
    parts.length > 0 && parts.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)))
  );
}
