import type { TFunction } from 'i18next';
import type { ErrorParams } from '@server/shared/error-codes';
import { codeText } from '../api-error-text';
import type { FieldIssue } from './route-form';

/** A field's label by its path in the form (Lines.2.SharePct → "Share %, line 3"). */
export type LabelOf = (field: string) => string;

/**
 * An issue as the field shows it: the API's message of its code (apiErrors.codes.*, Hebrew or
 * English), its reason translated (apiErrors.reasons.*), naming the field by its label, as is any
 * other field it names (`other`: "must be on or after Start date"). Never zod's English text.
 */
export function fieldText(issue: FieldIssue, field: string, labelOf: LabelOf, t: TFunction): string {
  const params: ErrorParams = { ...issue.params, field: labelOf(field) };
  if (typeof params.other === 'string') params.other = labelOf(params.other);
  return (
    codeText(issue.code, params, t) ??
    codeText('FIELD_INVALID', { field: params.field, reason: 'INVALID' }, t) ??
    labelOf(field)
  );
}
