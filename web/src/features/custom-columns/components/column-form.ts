import type { ColumnScope, CustomColumn, CustomColumnPayload } from '../api/custom-columns-api';

/**
 * The column dialog's fields. The formula is sent as typed (not trimmed): the positions the parser
 * reports point into it. The dialog checks them with the route's own schema (custom-column-dialog.tsx
 * COLUMN_FORM); the screen imports this module, so it stays free of zod and react-hook-form.
 */
export interface ColumnForm {
  ID: number;
  Name: string;
  Formula: string;
  Format: CustomColumn['Format'];
  Scope: ColumnScope;
  version?: number;
}

export const emptyColumnForm = (): ColumnForm => ({
  ID: 0,
  Name: '',
  Formula: '',
  Format: 'number',
  Scope: 'performance',
});
export const formFromColumn = (c: CustomColumn): ColumnForm => ({
  ID: c.ID,
  Name: c.Name,
  Formula: c.Formula,
  Format: c.Format,
  Scope: c.Scope,
  version: c.version,
});
/** The form as SaveCustomColumn's `customColumn`: what the dialog checks and what the screen sends. */
export const toPayload = (f: ColumnForm): CustomColumnPayload => ({
  ID: f.ID,
  Name: f.Name.trim(),
  Formula: f.Formula,
  Format: f.Format,
  Scope: f.Scope,
  ...(f.ID > 0 ? { version: f.version } : {}),
});
