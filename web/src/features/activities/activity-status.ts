import type { ChipProps } from '@mui/material/Chip';

/**
 * The activity lifecycle of docs/domain.md, as the console shows it. The server's table
 * (lambdas/shared/activity-status.ts) decides; this copy only chooses which actions to offer, and a
 * test keeps the two equal.
 */
export const ACTIVITY_STATUSES = [1, 2, 3, 4, 5] as const;
export type ActivityStatusCode = (typeof ACTIVITY_STATUSES)[number];

export const ACTIVITY_TRANSITIONS: Readonly<Record<ActivityStatusCode, readonly ActivityStatusCode[]>> = {
  1: [2, 5],
  2: [3, 1, 5],
  3: [4, 5],
  4: [],
  5: [],
};

/** Moves that cannot be undone ask first. */
export const FINAL_STATUSES: readonly ActivityStatusCode[] = [4, 5];

export const STATUS_COLORS: Record<ActivityStatusCode, ChipProps['color']> = {
  1: 'default',
  2: 'info',
  3: 'success',
  4: 'primary',
  5: 'error',
};

export const nextStatuses = (s: number): readonly ActivityStatusCode[] =>
  ACTIVITY_TRANSITIONS[s as ActivityStatusCode] ?? [];
