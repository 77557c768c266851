/**
 * Every timer API jest can fake but Date: with `jest.useFakeTimers({ now, doNotFake: [...ONLY_DATE] })`
 * only the clock stands still, and the SDK's and the engines' timers keep running.
 */
export const ONLY_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;
