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
