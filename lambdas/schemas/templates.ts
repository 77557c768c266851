import { array, enum as oneOf, object, preprocess, type output } from 'zod';
import { BUY_TYPES } from '../shared/money';
import { bool, id, int, multilineText, percent, requiredText } from './fields';
import { unitPrice } from './money-fields';

export const MAX_TEMPLATE_LINES = 100;

/** A fee left empty on a line means "the account channel type's fee" when the template is applied. */
const optionalPercent = () => preprocess((v) => (v === '' ? null : v), percent().nullable()).optional().default(null);

export const templateLineInput = object({
  /** A global channel type (the catalogue); applying maps it to the account's copy. */
  ChannelTypeId: id(),
  SharePct: percent(),
  BuyType: oneOf(BUY_TYPES),
  /** 0 or MIN_UNIT_COST..MAX_UNIT_COST (shared/money-limits.ts), at most 4 decimals. */
  UnitCost: unitPrice(4),
  ManagementFeePct: optionalPercent(),
  SystemFeePct: optionalPercent(),
  Notes: multilineText(500).optional().default(''),
});

/** Template as the console sends it. ID <= 0 means "create". */
export const templateInput = object({
  ID: int().default(0),
  Name: requiredText(200),
  Description: multilineText(1000).optional().default(''),
  Lines: array(templateLineInput, { error: 'must be a list of lines' })
    .min(1, 'needs at least one line')
    .max(MAX_TEMPLATE_LINES, `may have at most ${MAX_TEMPLATE_LINES} lines`),
  version: int().optional(),
});

export const saveTemplate = object({ template: templateInput });
export const templateIdInput = object({ templateId: id() });
export const getTemplatesList = object({
  /** true: the archived (deleted, restorable) templates instead of the active ones. */
  archived: bool().optional().default(false),
});

export type TemplateInput = output<typeof templateInput>;
export type TemplateLineInput = output<typeof templateLineInput>;
