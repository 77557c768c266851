// No imports: the sign-in screens use these, and their route keeps to its JavaScript budget.

/**
 * Where a finger, not a mouse, taps: a coarse pointer, or a phone-sized window. A target there is at
 * least 44 × 44 px (the platforms' guidance; WCAG 2.5.8 asks 24).
 */
export const TOUCH_MEDIA = '@media (pointer: coarse), (max-width: 599.95px)';

/** An `sx` fragment: the element is at least 44 × 44 px wherever fingers tap. */
export const touchTarget = { [TOUCH_MEDIA]: { minWidth: 44, minHeight: 44 } } as const;
