import type { TFunction } from 'i18next';
import { formatBytes } from '@server/shared/file-size';
import { MAX_IMPORT_FILE_BYTES } from '@server/shared/plan-workbook';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, reasonText } from '../../../lib/api-error-text';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';

/** The largest file an import takes (the API's own limit, 2 MB decoded); the browser checks it before sending. */
export const MAX_IMPORT_BYTES = MAX_IMPORT_FILE_BYTES;

/** The file's bytes as Base64 (what PreviewMediaMixImport and ImportMediaMix take). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Why a file was refused, in the user's language: what is wrong with the file (naming the sheet, row and column of a bad cell), and why that cell was refused. */
export interface ImportRefusal {
  message: string;
  cell?: string;
}

/** A file over the limit, refused in the browser before anything is sent. */
export const tooLarge = (size: number, t: TFunction): ImportRefusal => ({
  message: t('mediaPlan.import.tooLarge', { size: formatBytes(size), max: formatBytes(MAX_IMPORT_BYTES) }),
});

/**
 * A failed preview or import as the dialog shows it. IMPORT_REFUSED carries its `reason` (OTHER_PLAN,
 * VERSION_MISMATCH, BAD_FILE, BAD_CELL with the sheet, row and column, TOKEN_MISMATCH,
 * TOO_MANY_ROWS: shared/error-reasons.ts, with their params) and, for a bad cell, the cell's own
 * `cellReason`: both in the user's language. Any other error by its code (apiErrorText), else its message.
 */
export function importRefusal(err: unknown, t: TFunction): ImportRefusal {
  if (!(err instanceof ApiError))
    return { message: err instanceof Error && err.message ? err.message : t('errors.loadFailed') };
  const why = err.code === 'IMPORT_REFUSED' ? reasonText(err.params, t) : undefined;
  if (!why) return { message: apiErrorText(err, t) };
  const { cellReason, row, column } = err.params;
  const cellWhy = typeof cellReason === 'string' ? reasonText({ ...err.params, reason: cellReason }, t) : undefined;
  return {
    message: t('mediaPlan.import.refusedFile', { why }),
    ...(cellWhy
      ? { cell: t('mediaPlan.import.refusedCell', { cell: `${column ?? ''}${row ?? ''}`, why: cellWhy }) }
      : {}),
  };
}

/** The line fields whose values are money in the plan's currency. */
const MONEY_FIELDS = new Set(['Budget', 'UnitCost']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** How the preview writes a changed field's value: money, days and numbers in the user's locale; a monthly split as "its own" or "by days". */
export function valueText(
  field: string,
  value: string | number | null,
  o: { currency: number; locale: string; t: TFunction },
): string {
  if (field === 'MonthlySplit')
    return o.t(value === null ? 'mediaPlan.import.splitByDays' : 'mediaPlan.import.splitOwn');
  if (value === null || value === '') return o.t('mediaPlan.import.empty');
  if (typeof value === 'number')
    return MONEY_FIELDS.has(field)
      ? formatCurrency(value, o.currency, o.locale)
      : formatNumber(value, o.locale, { decimals: Number.isInteger(value) ? 0 : 2 });
  if (DAY.test(value)) return formatDate(value, o.locale);
  return value;
}

/** A field's label: the plan editor's own (mediaPlan.fields.<Field>), or its name when the editor has none. */
export const fieldLabel = (field: string, t: TFunction): string =>
  i18n.exists(`mediaPlan.fields.${field}`) ? t(`mediaPlan.fields.${field}`) : field;
