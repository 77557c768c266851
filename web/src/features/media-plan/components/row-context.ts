import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { CreativeFees } from '@server/shared/money';
import type { FieldIssue } from '../../../lib/forms/route-form';
import type { ChannelChange } from '../model/channel-defaults';
import type { DraftStore } from '../model/draft-store';
import type { DateRange, LineField, LineForm, PlanLine } from '../model/line-form';
import type { PlanColumn } from '../model/plan-figures';
import type { UnsavedLines } from '../model/unsaved-lines';

/** Everything the rows share; one object per plan, so a row re-renders only when its own line changes. */
export interface RowContext {
  editable: boolean;
  /** <option>s of the account's active channel types (elements shared by every row). */
  channelOptions: ReactNode;
  channelIds: ReadonlySet<number>;
  /** <option>s of the company's active vendors (none first), shared by every row; empty for client users. */
  vendorOptions: ReactNode;
  /** Vendors' names by id, archived ones included: a line whose vendor was archived still names it. */
  vendorNames: ReadonlyMap<number, string>;
  activeVendorIds: ReadonlySet<number>;
  /** Whether the grid has the Vendor column (agency staff: client users read no vendors). */
  showVendors: boolean;
  fees: CreativeFees;
  currency: 1 | 2;
  locale: string;
  columns: readonly PlanColumn[];
  drafts: DraftStore;
  t: TFunction;
  /** "Budget (net), line #" per field, "Delete line #", "Monthly split, line #" (with/without a split of its own), and the split's hint while a row holds invalid edits: translated once per plan, not 2,600 times. */
  labels: Record<LineField | 'delete' | 'split' | 'splitSet' | 'splitBlocked', string>;
  /** The activity's dates, when known: the date inputs offer only these, and a line outside them is marked. */
  dateRange: DateRange | null;
  /** Saves the row (SaveMediaChannel from the line's version): the saved line, or why it failed (also shown in the snackbar). */
  save: (line: PlanLine, form: LineForm) => Promise<SaveOutcome>;
  /** Rows report here whether they hold an edit the server does not have (the editor asks before the page is left). */
  unsaved: UnsavedLines;
  remove: (line: PlanLine) => void;
  /** Opens the line's monthly split (read only when the version is). */
  openSplit: (lineId: number) => void;
  /** A row registers how to save what it holds, so "Save" and "Submit" can flush every row first. */
  register: (id: number, flush: (() => Promise<void>) | null) => void;
  /** The line's fields that follow a new channel type (model/channel-defaults.ts), from the form as it was. */
  onChannelChange?: (form: LineForm, channelTypeId: number) => ChannelChange;
  /** Opens the line's History (agency staff; the editor keeps one drawer for every row), with its button's label ("History, line #"). */
  history?: { open: (line: PlanLine) => void; label: string };
}

/** A save's outcome: the saved line, or why it failed, with the field the API named when it refused one (shown on that cell). */
export type SaveOutcome = { line: PlanLine } | { failed: string; field?: LineField; issue?: FieldIssue };
