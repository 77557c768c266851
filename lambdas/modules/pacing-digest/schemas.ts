// Named imports, not the `z` namespace (see shared/schema-fields.ts).
import { enum as oneOf, object, optional } from 'zod/mini';
import { int, rule } from '../../shared/schema-fields';
import { LOCALES } from '../../shared/locales';

/**
 * The pacing digest's setting (docs/notifications.md "Pacing digest"): how often the caller is mailed
 * the live activities they own or approved that pace outside their own thresholds. Under `lower` %
 * is under-pacing (1–99), over `upper` % over-pacing (101–500: beyond five times the plan a wider
 * band says nothing more). `language` is the console's language when saved: the mail's.
 */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export const DIGEST_LOWER = { low: 1, limit: 99 } as const;
export const DIGEST_UPPER = { low: 101, limit: 500 } as const;

const between = (range: { low: number; limit: number }) =>
  int().check(rule((n: number) => n >= range.low && n <= range.limit, 'WHOLE_BETWEEN', { ...range }));

export const pacingDigestSetting = object({
  frequency: oneOf(DIGEST_FREQUENCIES),
  lower: between(DIGEST_LOWER),
  upper: between(DIGEST_UPPER),
  language: optional(oneOf(LOCALES)),
});

export const getPacingDigestSetting = object({});

export const savePacingDigestSetting = object({ setting: pacingDigestSetting });
