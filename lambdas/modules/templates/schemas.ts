import {
  _default,
  array,
  enum as oneOf,
  maxLength,
  minLength,
  nullable,
  object,
  optional,
  type output,
} from 'zod/mini';
import { BUY_TYPES } from '../../shared/money';
import { bool, id, int, multilineText, percent, preprocess, requiredText } from '../../shared/schema-fields';
import { unitPrice } from '../../shared/money-fields';

export const MAX_TEMPLATE_LINES = 100;

/** A fee left empty on a line means "the account channel type's fee" when the template is applied. */
const optionalPercent = () => _default(optional(preprocess((v) => (v === '' ? null : v), nullable(percent()))), null);

export const templateLineInput = object({
  /** A global channel type (the catalogue); applying maps it to the account's copy. */
  ChannelTypeId: id(),
  SharePct: percent(),
  BuyType: oneOf(BUY_TYPES),
  /** 0 or MIN_UNIT_COST..MAX_UNIT_COST (shared/money-limits.ts), at most 4 decimals. */
  UnitCost: unitPrice(4),
  ManagementFeePct: optionalPercent(),
  SystemFeePct: optionalPercent(),
  Notes: _default(optional(multilineText(500)), ''),
});

/** Template as the console sends it. ID <= 0 means "create". */
export const templateInput = object({
  ID: _default(int(), 0),
  Name: requiredText(200),
  Description: _default(optional(multilineText(1000)), ''),
  Lines: array(templateLineInput, { error: 'must be a list of lines' }).check(
    minLength(1, 'needs at least one line'),
    maxLength(MAX_TEMPLATE_LINES, `may have at most ${MAX_TEMPLATE_LINES} lines`),
  ),
  version: optional(int()),
});

export const saveTemplate = object({ template: templateInput });
export const templateIdInput = object({ templateId: id() });
export const getTemplatesList = object({
  /** true: the archived (deleted, restorable) templates instead of the active ones. */
  archived: _default(optional(bool()), false),
});

export type TemplateInput = output<typeof templateInput>;
export type TemplateLineInput = output<typeof templateLineInput>;
