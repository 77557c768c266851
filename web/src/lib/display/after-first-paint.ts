import { useEffect, useState } from 'react';

let painted = false;

/**
 * False in the first render of the page and true a moment after the browser has painted it: what
 * is drawn only then (the side menu's entries) leaves the first frame to the screen's own content.
 * Once the page has painted, every later mount is true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(painted);
  useEffect(() => {
    if (after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before its paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        painted = true;
        setAfter(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [after]);
  return after;
}
