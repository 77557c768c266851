import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_BORDER } from '../../../lib/display/theme';
import type { VersionInfo } from '../api/media-plan-api';
import type { DraftStore } from '../model/draft-store';
import { LINE_FIELDS, type PlanLine } from '../model/line-form';
import { money } from '../model/plan-figures';
import { useGridKeys } from './grid-keys';
import { LineRow } from './line-row';
import type { RowContext } from './row-context';
import { useLiveTotals } from './plan-totals';
import { useTypedAgain } from './use-typed-again';

/**
 * Plain table elements and native inputs, styled once here: a 200-line plan is some 2,600 inputs,
 * and MUI's TableCell/TextField per cell would cost seconds to mount. Each row is a CSS grid of the
 * same fixed column widths (no table layout pass over 200 rows), and rows out of view are neither
 * laid out nor painted until scrolled to (content-visibility: auto), so neither the first display
 * nor a keystroke pays for 200 rows. Roles make it an ARIA grid, moved through by keyboard
 * (grid-keys.ts). Right-aligned numbers flip to the left in Hebrew (the right-to-left emotion cache
 * flips them, as MUI's own align="right").
 */
const ROW_HEIGHT = 33;
const gridSx: SxProps<Theme> = {
  display: 'block',
  fontSize: '0.8125rem',
  '& thead, & tbody, & tfoot': { display: 'block' },
  '& tr': {
    display: 'grid',
    gridTemplateColumns: 'var(--plan-columns)',
    alignItems: 'center',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& tbody tr': { contentVisibility: 'auto', containIntrinsicSize: `auto ${ROW_HEIGHT}px`, minHeight: ROW_HEIGHT },
  '& th, & td': {
    px: 0.5,
    py: 0.25,
    whiteSpace: 'nowrap',
    textAlign: 'left',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    minWidth: 0,
  },
  '& thead tr': { alignItems: 'end' },
  '& thead th': { fontWeight: 600, color: 'text.secondary', py: 1, whiteSpace: 'normal' },
  '& tfoot td': { fontWeight: 700, py: 1 },
  '& .num, & .num input': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '& input, & select': {
    font: 'inherit',
    color: 'inherit',
    bgcolor: 'background.paper',
    border: 1,
    borderColor: (th) => FIELD_BORDER[th.palette.mode],
    borderRadius: 0.5,
    px: 0.5,
    py: 0.25,
    boxSizing: 'border-box',
    height: 28,
    width: '100%',
    minWidth: 0,
    display: 'block',
  },
  '& input:focus, & select:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -1 },
  // The grid's cell under keyboard focus, inside the cell (a cell clips what overflows it).
  '& td[role="gridcell"]:focus, & th[role="columnheader"]:focus': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: -2,
  },
  '& [aria-invalid="true"]': { borderColor: 'error.main', bgcolor: 'rgba(211, 47, 47, 0.08)' },
  '& tr.dirty > td:first-of-type': { boxShadow: (th) => `inset 3px 0 0 ${th.palette.warning.main}` },
  '& tr.saving': { opacity: 0.7 },
  '& tr.failed > td:first-of-type': { boxShadow: (th) => `inset 3px 0 0 ${th.palette.error.main}` },
  // A row's save state beside its number, and a refused save's reason on a line of its own under the row.
  '& .line-save': { display: 'inline-block', ml: 0.5, fontWeight: 700, color: 'text.secondary' },
  '& .line-save.saved': { color: 'success.main' },
  '& .line-save.failed': { color: 'error.main' },
  '& td.line-error': { gridColumn: '1 / -1', whiteSpace: 'normal', color: 'error.main', pb: 0.5 },
  // '1px', not 1: sx reads 1 as 100%, which made this label as wide as the scroller and widened what it scrolls.
  '& .sr-only': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  '& td.notes': { whiteSpace: 'normal' },
  '& button.icon': {
    border: 0,
    bgcolor: 'transparent',
    color: 'text.secondary',
    cursor: 'pointer',
    fontSize: 18,
    lineHeight: 1,
    width: 28,
    height: 28,
    borderRadius: '50%',
    '&:hover, &:focus-visible': { bgcolor: 'action.hover', color: 'error.main' },
  },
  '& button.icon.split, & button.icon.creatives, & button.icon.history': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    verticalAlign: 'middle',
    '&:hover, &:focus-visible': { color: 'primary.main' },
    // A line with a split of its own: the calendar in the primary colour, on a tint.
    '&.has-split': { color: 'primary.main', bgcolor: 'action.selected' },
    '&:disabled': { opacity: 0.4, cursor: 'default', bgcolor: 'transparent' },
  },
};

/** The columns and their fixed widths (px): every row lays out from these alone. */
const HEAD = [
  ['index', '', 52],
  ['AccountChannelTypeId', '', 140],
  ['Name', '', 190],
  ['StartDate', '', 132],
  ['EndDate', '', 132],
  ['BuyType', '', 78],
  ['UnitCost', 'num', 88],
  ['Budget', 'num', 118],
  ['ManagementFeePct', 'num', 66],
  ['managementFee', 'num', 104],
  ['SystemFeePct', 'num', 66],
  ['systemFee', 'num', 96],
  ['ImageCreatives', 'num', 62],
  ['VideoCreatives', 'num', 62],
  ['creativeFee', 'num', 96],
  ['subtotal', 'num', 118],
  ['kpi', 'num', 150],
] as const;
const CUSTOM_WIDTH = 110;
const NOTES_WIDTH = 200;
/** Monthly split, creatives and delete (editable), or the monthly split and creatives (read only). */
// Split, creatives, history (and delete while editable): 28 px each and the gaps.
const ACTIONS_WIDTH = 124;
const VIEW_ACTIONS_WIDTH = 96;

export interface PlanGridProps {
  info: VersionInfo;
  lines: readonly PlanLine[];
  ctx: RowContext;
  drafts: DraftStore;
  /** Bumped on a reload: rows remount with the server's values. */
  round: number;
}

/** The plan lines with a sums row; inputs when the version is editable, text otherwise. */
export function PlanGrid({ info, lines, ctx, drafts, round }: PlanGridProps) {
  const { t } = useTranslation();
  const gridRef = useRef<HTMLTableElement>(null);
  const keys = useGridKeys(gridRef, useTheme().direction === 'rtl');
  useTypedAgain(gridRef, lines.length > 0, ctx.editable);
  const widths = [
    ...HEAD.map((h) => h[2]),
    ...ctx.columns.map(() => CUSTOM_WIDTH),
    NOTES_WIDTH,
    ...(ctx.showVendors ? [VENDOR_WIDTH] : []),
    ctx.editable ? ACTIONS_WIDTH : VIEW_ACTIONS_WIDTH,
  ];
  const width = widths.reduce((a, b) => a + b, 0);
  const style = { width, '--plan-columns': widths.map((w) => `${w}px`).join(' ') } as CSSProperties;
  return (
    <>
      {/* The grid scrolls sideways inside its card: the card, and the page, stay as wide as the screen. */}
      <Box sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }} data-testid="plan-grid-scroll">
        <Box
          component="table"
          ref={gridRef}
          role="grid"
          sx={gridSx}
          data-testid="plan-grid"
          aria-label={t('mediaPlan.gridLabel')}
          aria-readonly={ctx.editable ? undefined : true}
          data-editable={ctx.editable ? 'true' : 'false'}
          data-frame-labels={ctx.editable ? frameLabels(ctx) : undefined}
          style={style}
          onKeyDown={keys.onKeyDown}
          onFocus={keys.onFocus}
        >
          <thead role="rowgroup">
            <tr role="row">
              {HEAD.map(([key, cls]) => (
                <th key={key} role="columnheader" scope="col" className={cls || undefined}>
                  {key === 'index' ? '#' : t(`mediaPlan.fields.${key}`)}
                </th>
              ))}
              {ctx.columns.map((c) => (
                <th key={`c${c.ID}`} role="columnheader" scope="col" className="num">
                  {c.Name}
                </th>
              ))}
              <th role="columnheader" scope="col">
                {t('mediaPlan.fields.Notes')}
              </th>
              {ctx.showVendors && (
                <th role="columnheader" scope="col">
                  {t('mediaPlan.fields.VendorId')}
                </th>
              )}
              <th role="columnheader" scope="col">
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {lines.map((l, i) => (
              <LineRow key={`${l.ID}:${round}`} line={l} index={i} ctx={ctx} />
            ))}
          </tbody>
          {lines.length > 0 && (
            <tfoot role="rowgroup" data-frame-blank="">
              <SumsRow info={info} lines={lines} drafts={drafts} ctx={ctx} />
            </tfoot>
          )}
        </Box>
      </Box>
      {/* Under the grid, not in a row of it: centred in the card, not in a table some 2,000 px wide. */}
      {lines.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', p: 3 }} data-testid="plan-empty">
          {t('mediaPlan.noLines')}
        </Typography>
      )}
    </>
  );
}

/** The sums under the lines; the only part of the table that follows every keystroke (with the typing row). */
function SumsRow({
  info,
  lines,
  drafts,
  ctx,
}: {
  info: VersionInfo;
  lines: readonly PlanLine[];
  drafts: DraftStore;
  ctx: RowContext;
}) {
  const totals = useLiveTotals(lines, info.Pricing, drafts);
  // Null only for a plan stored before the money limits: every sum says "out of range".
  const m = (minor: number) =>
    totals ? money(minor, info.Currency, ctx.locale) : ctx.t('mediaPlan.totals.outOfRange');
  const t = totals ?? { net: 0, managementFee: 0, systemFee: 0, creativeFee: 0 };
  return (
    <tr role="row" data-testid="plan-sums">
      <td role="gridcell" colSpan={7} style={span(7)}>
        {ctx.t('mediaPlan.totals.lines', { n: lines.length })}
      </td>
      <td role="gridcell" className="num">
        {m(t.net)}
      </td>
      <td role="gridcell" />
      <td role="gridcell" className="num">
        {m(t.managementFee)}
      </td>
      <td role="gridcell" />
      <td role="gridcell" className="num">
        {m(t.systemFee)}
      </td>
      <td role="gridcell" colSpan={2} style={span(2)} />
      <td role="gridcell" className="num">
        {m(t.creativeFee)}
      </td>
      <td role="gridcell" className="num">
        {m(t.net + t.managementFee + t.systemFee + t.creativeFee)}
      </td>
    </tr>
  );
}

/** The Vendor column: a select as wide as the channel's, a vendor's name wrapping under it when read only. */
const VENDOR_WIDTH = 170;

const span = (n: number): CSSProperties => ({ gridColumn: `span ${n}` });

/** The inputs' labels by name ("Budget (net), line #"): the first frame labels its rows' inputs from these. */
const frameLabels = (ctx: RowContext) => JSON.stringify(Object.fromEntries(LINE_FIELDS.map((f) => [f, ctx.labels[f]])));
