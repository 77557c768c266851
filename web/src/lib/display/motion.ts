/**
 * The console's transition timings (ms), as the spec fixes them: dialogs and menus fade, the
 * snackbar slides. With `prefers-reduced-motion: reduce` the theme makes every one instant.
 */
export const FADE_MS = { appear: 500, enter: 600, exit: 400 } as const;
export const SLIDE_MS = { appear: 0, enter: 400, exit: 200 } as const;

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
