import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The report's URL parameters as rendered, and a setter that changes them from the latest URL asked
 * for, so that it never undoes a change not yet rendered. Two things make the rendered parameters a
 * poor base for the next change:
 * - react-router hands `setSearchParams`' updater the rendered parameters, so two changes before a
 *   render would undo each other: the next URL is built from the last one asked for (`latest`);
 * - its navigations are React transitions: while one is pending, an urgent render (a reply
 *   arriving, a language switch) still shows the URL from before it. Taking that older URL as the
 *   base lost the first of two quick filter changes (the period, when the grouping followed it on a
 *   loaded machine). So a rendered URL that one of our own changes replaced is ignored until the
 *   latest change has been committed; any other URL (a link, the menu, back) is taken as it comes.
 */
export function useFilterParams(): [URLSearchParams, (change: (latest: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const replaced = useRef(new Set<string>());
  const shown = params.toString();
  if (shown !== latest.current.toString() && !replaced.current.has(shown)) {
    latest.current = params;
    replaced.current.clear();
  }
  useEffect(() => {
    // Committed: what our changes replaced can no longer come back from a stale render.
    if (params.toString() === latest.current.toString()) replaced.current.clear();
  }, [params]);
  const set = (change: (latest: URLSearchParams) => URLSearchParams) => {
    const next = change(new URLSearchParams(latest.current));
    replaced.current.add(latest.current.toString());
    latest.current = next;
    setParams(next, { replace: true });
  };
  // The rendered parameters are what the screen shows; changes start from the latest.
  return [params, set];
}
