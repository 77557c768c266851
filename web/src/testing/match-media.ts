/**
 * jsdom has no matchMedia: a stand-in answering each media query with `matches(query)`, so a test
 * can say what the "system" prefers (reduced motion, a width). Without it, MUI's media hooks see no match.
 */
export function installMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export function removeMatchMedia(): void {
  delete (window as { matchMedia?: unknown }).matchMedia;
}

/**
 * Width queries answered as a window `width` px wide would (MUI's breakpoints ask
 * `(max-width:599.95px)`, `(min-width:900px)`), anything else as not matching; call the answer to put
 * jsdom back.
 */
export function phoneViewport(width = 390): () => void {
  const had = Object.prototype.hasOwnProperty.call(window, 'matchMedia');
  const before = window.matchMedia;
  installMatchMedia((query) => matchesWidth(query, width));
  return () => {
    if (had) window.matchMedia = before;
    else removeMatchMedia();
  };
}

/** Every `(min-width: …px)` / `(max-width: …px)` of the query holds at `width` (and there is at least one). */
function matchesWidth(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return (
    parts.length > 0 && parts.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)))
  );
}
