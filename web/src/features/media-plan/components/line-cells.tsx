import type { TFunction } from 'i18next';
import type { ChangeEvent, ReactNode } from 'react';
import { fieldText } from '../../../lib/forms/field-text';
import {
  BUY_TYPES,
  type LineErrors,
  type LineField,
  type LineFigures,
  type LineForm,
  type PlanLine,
} from '../model/line-form';
import { count, day, formatColumn, lineMetrics, money, percent, unitCost } from '../model/plan-figures';
import { CreativesButton } from './creatives-button';
import { DateCell } from './date-cell';
import { NumberCell } from './number-cell';
import type { RowContext } from './row-context';

const KPI_UNITS = ['impressions', 'clicks', 'conversions', 'views'] as const;

/** The line's planned KPI in words ("2,222 clicks"), or a dash. */
export function kpiText(fig: LineFigures, t: TFunction, locale: string): string {
  for (const k of KPI_UNITS) {
    const v = fig.kpis[k];
    if (v !== null) return `${count(v, locale)} ${t(`mediaPlan.kpis.${k}`)}`;
  }
  return '–';
}

/** A calendar (Material's CalendarMonth), one element for every row: no icon component per row. */
const SPLIT_ICON = (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 16H5V10h14zM9 14H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2zm-8 4H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2z" />
  </svg>
);

export const SAVE_MARK = { idle: '', saving: '…', saved: '✓', failed: '!' } as const;

const BUY_OPTIONS = BUY_TYPES.map((b) => (
  <option key={b} value={b}>
    {b}
  </option>
));

/** A row's cell labels with its number ("Budget (net), line 3"), and why a cell is refused, in the API's words. */
export function rowText(ctx: RowContext, n: number, errors: LineErrors) {
  const label = (field: LineField) => ctx.labels[field].replace('#', String(n));
  /** A refusal in the API's words, naming the cell ("Budget (net), line 3 is not valid: …"), any other field it names too. */
  const labelOf = (field: string) => ctx.labels[field as LineField]?.replace('#', String(n)) ?? field;
  const why = (field: LineField) => {
    const issue = errors[field];
    return issue ? fieldText(issue, field, labelOf, ctx.t) : undefined;
  };
  return { label, why };
}

type RowText = ReturnType<typeof rowText>;

/** The company's custom columns of the line, from its figures (what is typed, while it is valid). */
export function customCells(ctx: RowContext, figures: LineFigures, metricsLine: Parameters<typeof lineMetrics>[1]) {
  const metrics = ctx.columns.length ? lineMetrics(figures, metricsLine) : null;
  return metrics
    ? ctx.columns.map((c) => (
        <td role="gridcell" key={c.ID} className="num" data-column={c.Name}>
          {formatColumn(c, metrics, ctx.currency, ctx.locale)}
        </td>
      ))
    : null;
}

interface RowButtonsProps {
  ctx: RowContext;
  line: PlanLine;
  n: number;
  hasSplit: boolean;
  /** The row holds edits that cannot be saved: its split waits for them. */
  blocked: boolean;
  onSplit: () => Promise<void>;
}

/** The line's monthly split, creatives and History buttons. */
export function RowButtons({ ctx, line, n, hasSplit, blocked, onSplit }: RowButtonsProps) {
  const splitLabel = (hasSplit ? ctx.labels.splitSet : ctx.labels.split).replace('#', String(n));
  return (
    <>
      <button
        type="button"
        tabIndex={-1}
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
      <CreativesButton line={line} index={n} />
      {ctx.history && (
        <button
          type="button"
          tabIndex={-1}
          className="icon history"
          onClick={() => ctx.history!.open(line)}
          aria-label={ctx.history.label.replace('#', String(n))}
          title={ctx.history.label.replace('#', String(n))}
          data-testid={`history-line-${line.ID}`}
        >
          ⟲
        </button>
      )}
    </>
  );
}

interface ReadOnlyRowProps {
  line: PlanLine;
  n: number;
  ctx: RowContext;
  figures: LineFigures;
  custom: ReactNode;
  buttons: ReactNode;
}

/** A line of a version that is not editable (or of a user who may not edit it): its values as text. */
export function ReadOnlyRow({ line, n, ctx, figures, custom, buttons }: ReadOnlyRowProps) {
  const { t, locale } = ctx;
  const a = figures.amounts;
  const m = (minor: number) => money(minor, ctx.currency, locale);
  return (
    <tr role="row" data-testid="plan-line" data-line-id={line.ID}>
      <td role="gridcell" className="num">
        {n}
      </td>
      <td role="gridcell" title={line.ChannelTypeName}>
        {line.ChannelTypeName}
      </td>
      <td role="gridcell" title={line.Name}>
        {line.Name}
      </td>
      <td role="gridcell">{day(line.StartDate, locale)}</td>
      <td role="gridcell">{day(line.EndDate, locale)}</td>
      <td role="gridcell">{line.BuyType}</td>
      <td role="gridcell" className="num" dir="ltr">
        {unitCost(line.UnitCost, locale)}
      </td>
      <td role="gridcell" className="num" data-amount="net">
        {m(a.net)}
      </td>
      <td role="gridcell" className="num">
        {percent(line.ManagementFeePct, locale)}
      </td>
      <td role="gridcell" className="num" data-amount="managementFee">
        {m(a.managementFee)}
      </td>
      <td role="gridcell" className="num">
        {percent(line.SystemFeePct, locale)}
      </td>
      <td role="gridcell" className="num" data-amount="systemFee">
        {m(a.systemFee)}
      </td>
      <td role="gridcell" className="num">
        {line.ImageCreatives}
      </td>
      <td role="gridcell" className="num">
        {line.VideoCreatives}
      </td>
      <td role="gridcell" className="num" data-amount="creativeFee">
        {m(a.creativeFee)}
      </td>
      <td role="gridcell" className="num" data-amount="subtotal">
        {m(a.subtotal)}
      </td>
      <td role="gridcell" className="num">
        {kpiText(figures, t, locale)}
      </td>
      {custom}
      <td role="gridcell" className="notes" title={line.Notes || undefined}>
        {line.Notes}
      </td>
      {ctx.showVendors && <td role="gridcell">{vendorName(ctx, line.VendorId)}</td>}
      <td role="gridcell" className="actions">
        {buttons}
      </td>
    </tr>
  );
}

/** A line's vendor by name ('–' for none; its id while the names are loading). */
export const vendorName = (ctx: RowContext, id: number | null) =>
  id === null ? '–' : (ctx.vendorNames.get(id) ?? `#${id}`);

/** The row's Vendor select: the active vendors, and the line's own when it was archived since. */
export function vendorCell({ ctx, base, form, errors, text, onField }: CellsProps) {
  const id = form.VendorId ? Number(form.VendorId) : null;
  const own = id !== null && !ctx.activeVendorIds.has(id);
  return (
    <td role="gridcell">
      <select
        name="VendorId"
        tabIndex={-1}
        value={form.VendorId}
        onChange={onField}
        aria-label={text.label('VendorId')}
        aria-invalid={errors.VendorId ? true : undefined}
        title={text.why('VendorId')}
      >
        {ctx.vendorOptions}
        {own && (
          <option value={form.VendorId} data-frame-own="">
            {vendorName(ctx, id ?? base.VendorId)}
          </option>
        )}
      </select>
    </td>
  );
}

interface CellsProps {
  ctx: RowContext;
  base: PlanLine;
  form: LineForm;
  errors: LineErrors;
  text: RowText;
  onField: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  setField: (field: LineField, value: string) => void;
}

/** One text input of the row, bound to its field, marked and explained when refused; a number typed in the UI language's way. */
export function cellInput(
  { ctx, form, errors, text, onField, setField }: CellsProps,
  field: LineField,
  extra: { numeric?: boolean } = {},
) {
  if (extra.numeric)
    return (
      <NumberCell
        name={field}
        value={form[field]}
        locale={ctx.locale}
        onValue={setField}
        label={text.label(field)}
        invalid={!!errors[field]}
        title={text.why(field)}
      />
    );
  return (
    <input
      name={field}
      tabIndex={-1}
      value={form[field]}
      onChange={onField}
      aria-label={text.label(field)}
      type="text"
      aria-invalid={errors[field] ? true : undefined}
      title={text.why(field)}
    />
  );
}

/** The editable row's first cells: channel type, name, dates, buy type. */
export function EditableInputs(p: CellsProps) {
  const { ctx, base, form, errors, text, onField } = p;
  const known = ctx.channelIds.has(Number(form.AccountChannelTypeId));
  const dateInput = (field: 'StartDate' | 'EndDate') => (
    <DateCell
      name={field}
      value={form[field]}
      locale={ctx.locale}
      onValue={p.setField}
      label={text.label(field)}
      invalid={!!errors[field]}
      title={text.why(field)}
    />
  );
  return (
    <>
      <td role="gridcell">
        <select
          name="AccountChannelTypeId"
          tabIndex={-1}
          value={form.AccountChannelTypeId}
          onChange={onField}
          aria-label={text.label('AccountChannelTypeId')}
          aria-invalid={errors.AccountChannelTypeId ? true : undefined}
          title={text.why('AccountChannelTypeId')}
        >
          {!known && (
            <option value={form.AccountChannelTypeId} data-frame-own="">
              {base.ChannelTypeName}
            </option>
          )}
          {ctx.channelOptions}
        </select>
      </td>
      <td role="gridcell">{cellInput(p, 'Name')}</td>
      <td role="gridcell">{dateInput('StartDate')}</td>
      <td role="gridcell">{dateInput('EndDate')}</td>
      <td role="gridcell">
        <select
          name="BuyType"
          tabIndex={-1}
          value={form.BuyType}
          onChange={onField}
          aria-label={text.label('BuyType')}
          aria-invalid={errors.BuyType ? true : undefined}
          title={text.why('BuyType')}
        >
          {BUY_OPTIONS}
        </select>
      </td>
    </>
  );
}

/** The editable row's figures: cost, budget and fees typed, the amounts they make shown live. */
export function EditableFigures(p: CellsProps & { figures: LineFigures }) {
  const { ctx, figures } = p;
  const a = figures.amounts;
  const m = (minor: number) => money(minor, ctx.currency, ctx.locale);
  return (
    <>
      <td role="gridcell" className="num">
        {cellInput(p, 'UnitCost', { numeric: true })}
      </td>
      <td role="gridcell" className="num">
        {cellInput(p, 'Budget', { numeric: true })}
      </td>
      <td role="gridcell" className="num">
        {cellInput(p, 'ManagementFeePct', { numeric: true })}
      </td>
      <td role="gridcell" className="num" data-amount="managementFee">
        {m(a.managementFee)}
      </td>
      <td role="gridcell" className="num">
        {cellInput(p, 'SystemFeePct', { numeric: true })}
      </td>
      <td role="gridcell" className="num" data-amount="systemFee">
        {m(a.systemFee)}
      </td>
      <td role="gridcell" className="num">
        {cellInput(p, 'ImageCreatives', { numeric: true })}
      </td>
      <td role="gridcell" className="num">
        {cellInput(p, 'VideoCreatives', { numeric: true })}
      </td>
      <td role="gridcell" className="num" data-amount="creativeFee">
        {m(a.creativeFee)}
      </td>
      <td role="gridcell" className="num" data-amount="subtotal">
        {m(a.subtotal)}
      </td>
      <td role="gridcell" className="num">
        {kpiText(figures, ctx.t, ctx.locale)}
      </td>
    </>
  );
}
