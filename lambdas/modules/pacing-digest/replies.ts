/** Replies of the pacing digest's routes (docs/notifications.md "Pacing digest"); plain TypeScript the console imports. */

export type DigestFrequency = 'off' | 'daily' | 'weekly';

/** The caller's digest setting; `Saved` false while the defaults stand (off for a client, weekly for staff). */
export interface PacingDigestSettingView {
  Frequency: DigestFrequency;
  /** Under this pacing % an activity is reported (default 90). */
  Lower: number;
  /** Over this pacing % an activity is reported (default 110). */
  Upper: number;
  /** The mail's language; null: the company's. */
  Language: string | null;
  Saved: boolean;
  version: number;
}
