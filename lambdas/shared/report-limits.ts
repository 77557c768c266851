/**
 * The longest custom report range, in days (inclusive). Apart from the input schema so that the
 * period rules (and the scheduled reports job that runs them) do not bundle the schemas and zod.
 */
export const MAX_REPORT_DAYS = 400;
