import type { TFunction } from 'i18next';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { CreativeFees } from '@server/shared/money';
import type { FieldIssue } from '../../../lib/forms/route-form';
import { dateFromInputText, dateInputText, INVALID_DATE } from '../../../lib/forms/date-text';
import { fieldText } from '../../../lib/forms/field-text';
import type { ChannelChange, FollowedField } from '../model/channel-defaults';
import type { DraftStore } from '../model/draft-store';
import type { UnsavedLines } from '../model/unsaved-lines';
import {
  BUY_TYPES,
  figuresOf,
  formOf,
  hasErrors,
  inputOfForm,
  inputOfLine,
  sameForm,
  validateLine,
  type LineErrors,
  type LineField,
  type DateRange,
  type LineFigures,
  type LineForm,
  type PlanLine,
} from '../model/line-form';
import {
  count,
  day,
  formatColumn,
  lineMetrics,
  money,
  percent,
  unitCost,
  type PlanColumn,
} from '../model/plan-figures';
import { CreativesButton } from './creatives-button';

/** Everything the rows share; one object per plan, so a row re-renders only when its own line changes. */
export interface RowContext {
  editable: boolean;
  /** <option>s of the account's active channel types (elements shared by every row). */
  channelOptions: ReactNode;
  channelIds: ReadonlySet<number>;
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

/** An edit saves itself this long after the last keystroke (at once when focus leaves the row, or on Enter). */
export const AUTOSAVE_MS = 800;

/** What the row shows of its saving: nothing (no edit yet, or typing), saving, saved, or refused with the reason. */
type SaveState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; reason: string; field?: LineField; issue?: FieldIssue };
const IDLE: SaveState = { state: 'idle' };

const KPI_UNITS = ['impressions', 'clicks', 'conversions', 'views'] as const;

function kpiText(fig: LineFigures, t: TFunction, locale: string): string {
  for (const k of KPI_UNITS) {
    const v = fig.kpis[k];
    if (v !== null) return `${count(v, locale)} ${t(`mediaPlan.kpis.${k}`)}`;
  }
  return '–';
}

interface RowState {
  base: PlanLine;
  form: LineForm;
  /** What followed the channel type the planner just chose (shown in the row until the next edit). */
  followed?: FollowedField[];
}

/**
 * One plan line. It keeps what is typed in its own state (a keystroke re-renders this row and the
 * totals, nothing else), shows its amounts live through the money module, and saves itself
 * AUTOSAVE_MS after the last keystroke, or at once when focus leaves the row or on Enter: one
 * SaveMediaChannel at a time, from the line's version, so a second edit during a save is sent
 * afterwards with the new version. It shows saving / saved / refused with the reason (the edit
 * stays in the row), and reports whether it holds an unsaved edit (ctx.unsaved).
 */
export const LineRow = memo(function LineRow({ line, index, ctx }: { line: PlanLine; index: number; ctx: RowContext }) {
  const { t, locale, currency, editable } = ctx;
  const [state, setState] = useState<RowState>(() => ({ base: line, form: formOf(line) }));
  const [status, setStatus] = useState<SaveState>(IDLE);
  const sent = useRef<LineForm | null>(null);
  const latest = useRef({ line, form: state.form });
  const inflight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const failed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  let { base, form } = state;
  if (line !== base) {
    // A new copy of the line (this row's save, or a reload): show it, unless more was typed since.
    const typedSince = !sameForm(form, formOf(base)) && !(sent.current && sameForm(form, sent.current));
    base = line;
    form = typedSince ? form : formOf(line);
    setState({ base, form });
  }
  latest.current = {
    line: latest.current.line.version > line.version && latest.current.line.ID === line.ID ? latest.current.line : line,
    form,
  };

  const { dateRange } = ctx;
  const errors: LineErrors = useMemo(() => {
    if (!editable) return {};
    const found = validateLine(base, form, dateRange);
    // A field the API refused on the last save is marked until it is edited (an edit clears the failed state).
    return status.state === 'failed' && status.field && status.issue && !found[status.field]
      ? { ...found, [status.field]: status.issue }
      : found;
  }, [editable, base, form, dateRange, status]);
  const dirty = editable && !sameForm(form, formOf(base));
  const liveInput = useMemo(() => (dirty ? inputOfForm(form, errors) : null), [dirty, form, errors]);

  const figures = useMemo(() => {
    const input = liveInput ?? inputOfLine(base);
    const unitCost = liveInput && !errors.UnitCost ? form.UnitCost.replace(/[,\s]/g, '') : base.UnitCost;
    const buyType = liveInput ? form.BuyType : base.BuyType;
    try {
      return figuresOf(input, { buyType, unitCost }, ctx.fees);
    } catch {
      return figuresOf(inputOfLine(base), { buyType: base.BuyType, unitCost: base.UnitCost }, ctx.fees);
    }
  }, [liveInput, base, form.UnitCost, form.BuyType, errors.UnitCost, ctx.fees]);

  // The totals footer sees what is typed (only while it differs from the saved line).
  const { drafts } = ctx;
  useEffect(() => {
    drafts.set(line.ID, liveInput);
  }, [drafts, line.ID, liveInput]);
  useEffect(() => () => drafts.set(line.ID, null), [drafts, line.ID]);

  const save = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inflight.current) {
      again.current = true;
      return inflight.current;
    }
    const run = async () => {
      do {
        again.current = false;
        const { line: current, form: f } = latest.current;
        if (hasErrors(validateLine(current, f, ctx.dateRange)) || sameForm(f, formOf(current))) return;
        sent.current = f;
        setStatus({ state: 'saving' });
        const outcome = await ctx.save(current, f);
        failed.current = 'failed' in outcome;
        if ('failed' in outcome) {
          setStatus({ state: 'failed', reason: outcome.failed, field: outcome.field, issue: outcome.issue });
          return;
        }
        latest.current = { line: outcome.line, form: latest.current.form };
        setStatus({ state: 'saved' });
        // Said at once, not after the next render: a navigation waiting for this save goes on without asking.
        if (!again.current && sameForm(latest.current.form, formOf(outcome.line)))
          ctx.unsaved.set(outcome.line.ID, false);
      } while (again.current);
    };
    inflight.current = run().finally(() => {
      inflight.current = null;
    });
    return inflight.current;
  }, [ctx]);

  const { register } = ctx;
  useEffect(() => {
    if (!editable) return undefined;
    register(line.ID, save);
    return () => register(line.ID, null);
  }, [editable, register, line.ID, save]);
  // A row that goes away (deleted, a reload) leaves no autosave behind; leaving the page with one asks first.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const unsaved = editable && (dirty || status.state === 'saving' || status.state === 'failed');
  const { unsaved: unsavedLines } = ctx;
  useEffect(() => {
    unsavedLines.set(line.ID, unsaved);
  }, [unsavedLines, line.ID, unsaved]);
  useEffect(() => () => unsavedLines.set(line.ID, false), [unsavedLines, line.ID]);

  const setField = useCallback(
    (name: LineField, value: string) => {
      setState((s) => {
        if (name !== 'AccountChannelTypeId' || !ctx.onChannelChange)
          return { ...s, form: { ...s.form, [name]: value }, followed: undefined };
        // The defaults follow from the type the line had (s.form) to the one chosen.
        const { form: next, changed } = ctx.onChannelChange(s.form, Number(value));
        return { ...s, form: { ...next, AccountChannelTypeId: value }, followed: changed };
      });
      setStatus((st) => (st.state === 'saved' || st.state === 'failed' ? IDLE : st));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
    },
    [ctx, save],
  );
  const onField = useCallback(
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setField(e.target.name as LineField, e.target.value),
    [setField],
  );

  const onRowBlur = useCallback(
    (e: FocusEvent<HTMLTableRowElement>) => {
      if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
      void save();
    },
    [save],
  );

  // The monthly split is of the saved line: a row holding edits saves them first (as Save draft and
  // Export do), then the dialog opens with the line as saved; nothing opens when that save failed.
  const { openSplit } = ctx;
  const onSplit = useCallback(async () => {
    const { line: current, form: f } = latest.current;
    if (editable && !sameForm(f, formOf(current))) {
      if (hasErrors(validateLine(current, f, ctx.dateRange))) return;
      failed.current = false;
      await save();
      if (failed.current) return;
    }
    openSplit(line.ID);
  }, [editable, ctx.dateRange, save, openSplit, line.ID]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLTableRowElement>) => {
      if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
        e.preventDefault();
        void save();
      }
    },
    [save],
  );

  const n = index + 1;
  const label = (field: LineField) => ctx.labels[field].replace('#', String(n));
  /** A refusal in the API's words, naming the cell ("Budget (net), line 3 is not valid: …"), any other field it names too. */
  const labelOf = (field: string) => ctx.labels[field as LineField]?.replace('#', String(n)) ?? field;
  const why = (field: LineField) => {
    const issue = errors[field];
    return issue ? fieldText(issue, field, labelOf, t) : undefined;
  };
  const input = (field: LineField, extra: { numeric?: boolean } = {}) => (
    <input
      name={field}
      value={form[field]}
      onChange={onField}
      aria-label={label(field)}
      type="text"
      inputMode={extra.numeric ? 'decimal' : undefined}
      dir={extra.numeric ? 'ltr' : undefined}
      aria-invalid={errors[field] ? true : undefined}
      title={why(field)}
    />
  );
  const dateInput = (field: 'StartDate' | 'EndDate') => (
    <DateCell
      name={field}
      value={form[field]}
      locale={locale}
      onValue={setField}
      label={label(field)}
      invalid={!!errors[field]}
      title={why(field)}
    />
  );
  const m = (minor: number) => money(minor, currency, locale);
  const a = figures.amounts;
  const metricsLine =
    liveInput && !errors.UnitCost
      ? {
          unitCost: Number(form.UnitCost.replace(/[,\s]/g, '')),
          imageCreatives: Number(form.ImageCreatives),
          videoCreatives: Number(form.VideoCreatives),
        }
      : { unitCost: base.UnitCost, imageCreatives: base.ImageCreatives, videoCreatives: base.VideoCreatives };
  const metrics = ctx.columns.length ? lineMetrics(figures, metricsLine) : null;
  const custom = metrics
    ? ctx.columns.map((c) => (
        <td role="cell" key={c.ID} className="num" data-column={c.Name}>
          {formatColumn(c, metrics, currency, locale)}
        </td>
      ))
    : null;
  const blocked = dirty && hasErrors(errors);
  const hasSplit = !!base.MonthlySplit;
  const splitLabel = (hasSplit ? ctx.labels.splitSet : ctx.labels.split).replace('#', String(n));
  const historyButton = ctx.history && (
    <button
      type="button"
      className="icon history"
      onClick={() => ctx.history!.open(line)}
      aria-label={ctx.history.label.replace('#', String(n))}
      title={ctx.history.label.replace('#', String(n))}
      data-testid={`history-line-${line.ID}`}
    >
      ⟲
    </button>
  );
  const splitButton = (
    <button
      type="button"
      className={hasSplit ? 'icon split has-split' : 'icon split'}
      onClick={() => void onSplit()}
      aria-label={splitLabel}
      title={blocked ? ctx.labels.splitBlocked : splitLabel}
      disabled={blocked}
      data-testid={`split-${line.ID}`}
      data-has-split={hasSplit ? 'true' : 'false'}
    >
      {SPLIT_ICON}
    </button>
  );
  const rowClass =
    [dirty ? 'dirty' : '', status.state === 'saving' ? 'saving' : '', status.state === 'failed' ? 'failed' : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const stateText =
    status.state === 'idle'
      ? null
      : status.state === 'failed'
        ? t('mediaPlan.lineSave.failed', { reason: status.reason })
        : t(`mediaPlan.lineSave.${status.state}`);

  if (!editable) {
    return (
      <tr role="row" data-testid="plan-line" data-line-id={line.ID}>
        <td role="cell" className="num">
          {n}
        </td>
        <td role="cell" title={line.ChannelTypeName}>
          {line.ChannelTypeName}
        </td>
        <td role="cell" title={line.Name}>
          {line.Name}
        </td>
        <td role="cell">{day(line.StartDate, locale)}</td>
        <td role="cell">{day(line.EndDate, locale)}</td>
        <td role="cell">{line.BuyType}</td>
        <td role="cell" className="num" dir="ltr">
          {unitCost(line.UnitCost, locale)}
        </td>
        <td role="cell" className="num" data-amount="net">
          {m(a.net)}
        </td>
        <td role="cell" className="num">
          {percent(line.ManagementFeePct, locale)}
        </td>
        <td role="cell" className="num" data-amount="managementFee">
          {m(a.managementFee)}
        </td>
        <td role="cell" className="num">
          {percent(line.SystemFeePct, locale)}
        </td>
        <td role="cell" className="num" data-amount="systemFee">
          {m(a.systemFee)}
        </td>
        <td role="cell" className="num">
          {line.ImageCreatives}
        </td>
        <td role="cell" className="num">
          {line.VideoCreatives}
        </td>
        <td role="cell" className="num" data-amount="creativeFee">
          {m(a.creativeFee)}
        </td>
        <td role="cell" className="num" data-amount="subtotal">
          {m(a.subtotal)}
        </td>
        <td role="cell" className="num">
          {kpiText(figures, t, locale)}
        </td>
        {custom}
        <td role="cell" className="notes" title={line.Notes || undefined}>
          {line.Notes}
        </td>
        <td role="cell" className="actions">
          {splitButton}
          <CreativesButton line={line} index={n} />
          {historyButton}
        </td>
      </tr>
    );
  }

  const known = ctx.channelIds.has(Number(form.AccountChannelTypeId));
  return (
    <tr
      role="row"
      data-testid="plan-line"
      data-line-id={line.ID}
      className={rowClass}
      onBlur={onRowBlur}
      onKeyDown={onKeyDown}
      aria-busy={status.state === 'saving' || undefined}
      data-save-state={status.state}
    >
      <td role="cell" className="num index">
        {n}
        {stateText && (
          <span
            className={`line-save ${status.state}`}
            data-testid="line-save-state"
            role="status"
            aria-label={stateText}
            title={stateText}
          >
            {SAVE_MARK[status.state]}
          </span>
        )}
      </td>
      <td role="cell">
        <select
          name="AccountChannelTypeId"
          value={form.AccountChannelTypeId}
          onChange={onField}
          aria-label={label('AccountChannelTypeId')}
          aria-invalid={errors.AccountChannelTypeId ? true : undefined}
          title={why('AccountChannelTypeId')}
        >
          {!known && <option value={form.AccountChannelTypeId}>{base.ChannelTypeName}</option>}
          {ctx.channelOptions}
        </select>
      </td>
      <td role="cell">{input('Name')}</td>
      <td role="cell">{dateInput('StartDate')}</td>
      <td role="cell">{dateInput('EndDate')}</td>
      <td role="cell">
        <select
          name="BuyType"
          value={form.BuyType}
          onChange={onField}
          aria-label={label('BuyType')}
          aria-invalid={errors.BuyType ? true : undefined}
          title={why('BuyType')}
        >
          {BUY_OPTIONS}
        </select>
      </td>
      <td role="cell" className="num">
        {input('UnitCost', { numeric: true })}
      </td>
      <td role="cell" className="num">
        {input('Budget', { numeric: true })}
      </td>
      <td role="cell" className="num">
        {input('ManagementFeePct', { numeric: true })}
      </td>
      <td role="cell" className="num" data-amount="managementFee">
        {m(a.managementFee)}
      </td>
      <td role="cell" className="num">
        {input('SystemFeePct', { numeric: true })}
      </td>
      <td role="cell" className="num" data-amount="systemFee">
        {m(a.systemFee)}
      </td>
      <td role="cell" className="num">
        {input('ImageCreatives', { numeric: true })}
      </td>
      <td role="cell" className="num">
        {input('VideoCreatives', { numeric: true })}
      </td>
      <td role="cell" className="num" data-amount="creativeFee">
        {m(a.creativeFee)}
      </td>
      <td role="cell" className="num" data-amount="subtotal">
        {m(a.subtotal)}
      </td>
      <td role="cell" className="num">
        {kpiText(figures, t, locale)}
      </td>
      {custom}
      <td role="cell">{input('Notes')}</td>
      <td role="cell" className="actions">
        {splitButton}
        <CreativesButton line={line} index={n} />
        {historyButton}
        <button
          type="button"
          className="icon"
          onClick={() => ctx.remove(base)}
          aria-label={ctx.labels.delete.replace('#', String(n))}
        >
          ×
        </button>
      </td>
      {status.state === 'failed' && (
        <td role="cell" className="line-error" data-testid="line-save-error">
          {stateText}
        </td>
      )}
      {status.state !== 'failed' && !!state.followed?.length && (
        <td role="cell" className="line-note" data-testid="line-channel-note">
          {t('mediaPlan.channelDefaults', { fields: state.followed.map((f) => t(`mediaPlan.fields.${f}`)).join(', ') })}
        </td>
      )}
    </tr>
  );
});

/** A calendar (Material's CalendarMonth), one element for every row: no icon component per row. */
const SPLIT_ICON = (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 16H5V10h14zM9 14H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2zm-8 4H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2z" />
  </svg>
);

const SAVE_MARK = { idle: '', saving: '…', saved: '✓', failed: '!' } as const;

const BUY_OPTIONS = BUY_TYPES.map((b) => (
  <option key={b} value={b}>
    {b}
  </option>
));

/**
 * A line's date, typed as every date input of the console is (lib/forms/date-input.tsx): in the UI's
 * short format (31.12.2026 in Hebrew, 12/31/2026 in English), not the browser's. A plain input, as the
 * grid's other cells (a picker per cell would cost the grid its speed); the row holds YYYY-MM-DD, or
 * INVALID_DATE while what is typed is no day, which the row's check refuses on the cell.
 */
function DateCell({
  name,
  value,
  locale,
  onValue,
  label,
  invalid,
  title,
}: {
  name: 'StartDate' | 'EndDate';
  value: string;
  locale: string;
  onValue: (field: LineField, value: string) => void;
  label: string;
  invalid: boolean;
  title?: string;
}) {
  const [text, setText] = useState(() => dateInputText(value, locale));
  // The value and language the text stands for: a reload or another language rewrites it, what is typed does not.
  const held = useRef({ value, locale });
  useEffect(() => {
    if (value === held.current.value && locale === held.current.locale) return;
    held.current = { value, locale };
    if (value !== INVALID_DATE) setText(dateInputText(value, locale));
  }, [value, locale]);
  return (
    <input
      name={name}
      value={text}
      aria-label={label}
      type="text"
      dir="ltr"
      inputMode="numeric"
      placeholder={dateInputText('2026-12-31', locale).replace(/\d/g, '_')}
      aria-invalid={invalid ? true : undefined}
      title={title}
      onChange={(e) => {
        const next = dateFromInputText(e.target.value, locale);
        held.current = { value: next, locale };
        setText(e.target.value);
        onValue(name, next);
      }}
    />
  );
}
