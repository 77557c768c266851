// Named imports, not the `z` namespace (see fields.ts).
import { _default, enum as oneOf, nullable, object, optional, record, string, type output } from 'zod/mini';
import { EXPORT_LANGUAGES } from '../../../shared/export-language';
import { BUY_TYPES } from '../../../shared/money';
import { MAX_CREATIVES, MAX_LINE_BUDGET } from '../../../shared/money-limits';
import {
  bool,
  id,
  int,
  isoDate,
  multilineText,
  percent,
  preprocess,
  matches,
  requiredMultilineText,
  requiredText,
  rule,
  text,
} from '../../../shared/schema-fields';
import { amount, unitPrice } from '../../../shared/money-fields';

// Money limits live in shared/money-limits.ts (chosen together: docs/money-limits.md).
export { MAX_CREATIVES, MAX_LINE_BUDGET };
/** Months a line's MonthlySplit may name (20 years). */
export const MAX_SPLIT_MONTHS = 240;
export const MAX_NOTES = 2000;
export const MAX_REASON = 1000;

/**
 * Unit cost (CPM, CPC, …): 0, or MIN_UNIT_COST..MAX_UNIT_COST, at most 6 decimals (platforms bid in
 * micros). The lower bound keeps every planned KPI a count below MAX_PLANNED_KPI.
 */
export const unitCost = () => unitPrice(6);

/** A fee left empty (absent, null or '') means "the account channel type's fee". */
const optionalPercent = () => _default(optional(preprocess((v) => (v === '' ? null : v), nullable(percent()))), null);
const creatives = () =>
  _default(
    int().check(rule((n: number) => n >= 0 && n <= MAX_CREATIVES, 'WHOLE_BETWEEN', { low: 0, limit: MAX_CREATIVES })),
    0,
  );

/** Budget per calendar month ('YYYY-MM' → amount); must sum to the line's budget (checked by the money module). */
const monthlySplit = () =>
  _default(
    optional(
      preprocess(
        (v) => (v === '' ? null : v),
        nullable(
          record(string().check(matches(/^\d{4}-(0[1-9]|1[0-2])$/, 'MONTH_FORMAT')), amount(MAX_LINE_BUDGET)).check(
            rule((r: Record<string, number>) => Object.keys(r).length <= MAX_SPLIT_MONTHS, 'TOO_MANY_MONTHS', {
              limit: MAX_SPLIT_MONTHS,
            }),
          ),
        ),
      ),
    ),
    null,
  );

/** A plan line (Media channel, docs/domain.md) as the console sends it. ID <= 0 creates. */
export const lineInput = object({
  ID: _default(int(), 0),
  MediaMixId: id(),
  AccountChannelTypeId: id(),
  /** Empty: the account channel type's name. */
  Name: _default(optional(text(200)), ''),
  StartDate: isoDate(),
  EndDate: isoDate(),
  BuyType: oneOf(BUY_TYPES),
  UnitCost: unitCost(),
  /** Net media, account currency. */
  Budget: amount(MAX_LINE_BUDGET),
  ManagementFeePct: optionalPercent(),
  SystemFeePct: optionalPercent(),
  ImageCreatives: creatives(),
  VideoCreatives: creatives(),
  Notes: _default(optional(multilineText(MAX_NOTES)), ''),
  MonthlySplit: monthlySplit(),
  /**
   * The vendor (a usable vendor of the company); null: none. Absent keeps an existing line's, and
   * gives a new line its channel type's default (docs/domain.md "Vendors").
   */
  vendorId: optional(nullable(id())),
  /** Optimistic concurrency: the version the caller read. Required when updating. */
  version: optional(int()),
}).check(
  rule(
    (l: { StartDate: string; EndDate: string }) => l.EndDate >= l.StartDate,
    'DATE_NOT_BEFORE',
    { other: 'StartDate' },
    ['EndDate'],
  ),
);

export const saveLine = object({ mediaChannel: lineInput });
export const channelIdInput = object({ channelId: id() });

/** A media mix header as the console sends it. ID <= 0 creates version 1 of the activity's plan. */
export const versionInput = object({
  ID: _default(int(), 0),
  ActivityId: id(),
  Name: requiredText(200),
  version: optional(int()),
});

export const saveVersion = object({ mediaMix: versionInput });
export const versionIdInput = object({ mediaMixId: id() });
/**
 * GetMediaMixInfo: a version by its id, or an activity's newest version the caller may see (its
 * editor asks for it beside the versions list instead of after it).
 */
export const versionInfoInput = object({ mediaMixId: optional(id()), activityId: optional(id()) }).check(
  rule(
    (v: { mediaMixId?: number; activityId?: number }) => (v.mediaMixId === undefined) !== (v.activityId === undefined),
    'VERSION_OR_ACTIVITY',
    {},
    ['mediaMixId'],
  ),
);
/** ExportMediaMix: the version, and the language of its labels (absent: shared/export-language.ts's default). */
export const exportVersionInput = object({ mediaMixId: id(), language: optional(oneOf(EXPORT_LANGUAGES)) });
export const versionListInput = object({ activityId: id() });
/** A lifecycle step from the version the caller read. */
export const versionTransition = object({ mediaMixId: id(), version: int() });
/** SubmitMediaMix: a version over its activity's budget goes only with confirmOverBudget (else 409 OVER_BUDGET_UNCONFIRMED). */
export const submitVersionInput = object({ mediaMixId: id(), version: int(), confirmOverBudget: optional(bool()) });
export const rejectVersion = object({ mediaMixId: id(), version: int(), reason: requiredMultilineText(MAX_REASON) });
export const clientDecline = object({ mediaMixId: id(), comment: requiredMultilineText(MAX_REASON) });

export const applyTemplate = object({
  templateId: id(),
  mediaMixId: id(),
  /** Net media to spread over the template's lines by their shares (account currency). */
  totalBudget: amount(MAX_LINE_BUDGET).check(rule((n: number) => n > 0, 'POSITIVE')),
});

export type LineInput = output<typeof lineInput>;
export type VersionInput = output<typeof versionInput>;
