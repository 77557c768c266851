import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { minorToNumber } from '@server/shared/money';
import type { Flowchart, FlowLine, FlowPeriod, FlowRow } from '@server/shared/flowchart';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format';
import { barOf, fillOf, periodLabel } from '../model/flow-view';

interface Props {
  chart: Flowchart<FlowLine>;
  locale: string;
  version: number;
  /** An order's flowchart: named by the order instead of the plan's version. */
  orderId?: number;
}

const TODAY_EDGE = '2px solid';
const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The flowchart as a table (screen readers read it by its headers): a column per period, a row per
 * group (its subtotals) and per line; a line's periods hold its bar, drawn from the side the page
 * reads from (logical insets: from the right in Hebrew) and as far into a partial period as its days.
 */
export function FlowchartTable({ chart, locale, version, orderId }: Props) {
  const { t } = useTranslation();
  const decimals = [
    ...chart.totals,
    ...chart.groups.flatMap((g) => g.rows.flatMap((r) => r.cells.map((c) => c.amount))),
  ].some((m) => m % 100 !== 0)
    ? 2
    : 0;
  const money = (minor: number) => formatNumber(minorToNumber(minor), locale, { decimals });
  const today = (i: number) =>
    i === chart.todayIndex
      ? { borderInlineStart: TODAY_EDGE, borderInlineEnd: TODAY_EDGE, borderColor: 'warning.main' }
      : {};
  const grain = t(chart.grain === 'month' ? 'flowchart.grainNames.month' : 'flowchart.grainNames.week');
  const label =
    orderId === undefined
      ? t('flowchart.tableLabel', { version, grain })
      : t('flowchart.orderTableLabel', { id: orderId, grain });

  return (
    // A year of weeks scrolls sideways: the frame takes the keyboard's focus (arrow keys scroll it) and is a
    // region named as its table (WCAG 2.1.1; axe's scrollable-region-focusable).
    <TableContainer
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid="flowchart"
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ minWidth: 200 }}>
              {t('flowchart.line')}
            </TableCell>
            {chart.periods.map((p, i) => (
              <PeriodHeader key={p.key} period={p} index={i} chart={chart} locale={locale} sx={today(i)} />
            ))}
            <TableCell component="th" scope="col" align="right">
              {t('flowchart.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        {chart.groups.map((g, gi) => (
          <GroupRows key={g.key} group={g} index={gi} chart={chart} money={money} today={today} />
        ))}
        <TotalsRows chart={chart} money={money} today={today} />
      </Table>
    </TableContainer>
  );
}

type Money = (minor: number) => string;
type Today = (i: number) => object;

/** A group: its subtotals' row, then its lines. */
function GroupRows(props: {
  group: Flowchart<FlowLine>['groups'][number];
  index: number;
  chart: Flowchart<FlowLine>;
  money: Money;
  today: Today;
}) {
  const { group: g, index: gi, chart, money, today } = props;
  return (
    <TableBody data-testid={`flow-group-${g.key}`}>
      <TableRow sx={{ bgcolor: `#${fillOf(gi)}` }}>
        <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
          {g.label}
        </TableCell>
        {g.totals.map((amount, i) => (
          <TableCell key={chart.periods[i].key} align="right" sx={{ ...figure, fontWeight: 'bold', ...today(i) }}>
            {amount !== 0 ? money(amount) : ''}
          </TableCell>
        ))}
        <TableCell align="right" sx={{ ...figure, fontWeight: 'bold' }}>
          {money(g.total)}
        </TableCell>
      </TableRow>
      {g.rows.map((r) => (
        <LineRow key={r.line.id} row={r} chart={chart} fill={fillOf(gi)} money={money} today={today} />
      ))}
    </TableBody>
  );
}

/** The chart's totals per period and in all. */
function TotalsRows({ chart, money, today }: { chart: Flowchart<FlowLine>; money: Money; today: Today }) {
  const { t } = useTranslation();
  return (
    <TableBody>
      <TableRow>
        <TableCell component="th" scope="row" sx={{ fontWeight: 'bold', color: 'text.primary' }}>
          {t('flowchart.total')}
        </TableCell>
        {chart.totals.map((amount, i) => (
          <TableCell
            key={chart.periods[i].key}
            align="right"
            sx={{ ...figure, fontWeight: 'bold', color: 'text.primary', ...today(i) }}
            data-testid={`flow-total-${i}`}
          >
            {money(amount)}
          </TableCell>
        ))}
        <TableCell align="right" sx={{ ...figure, fontWeight: 'bold', color: 'text.primary' }} data-testid="flow-total">
          {money(chart.total)}
        </TableCell>
      </TableRow>
    </TableBody>
  );
}

function PeriodHeader(props: {
  period: FlowPeriod;
  index: number;
  chart: Flowchart<FlowLine>;
  locale: string;
  sx: object;
}) {
  const { t } = useTranslation();
  const { period, index, chart, locale } = props;
  const isToday = index === chart.todayIndex;
  const range = `${formatDate(period.start, locale)} – ${formatDate(period.end, locale)}`;
  return (
    <TableCell
      component="th"
      scope="col"
      align="center"
      title={range}
      aria-current={isToday ? 'date' : undefined}
      sx={{ ...figure, minWidth: 88, ...props.sx }}
    >
      {chart.grain === 'week'
        ? t('flowchart.weekOf', { date: periodLabel(period, 'week', locale) })
        : periodLabel(period, 'month', locale)}
      {isToday && (
        <Box
          component="span"
          sx={{ display: 'block', fontSize: '0.75rem', color: 'warning.dark' }}
          data-testid="flow-today"
        >
          {t('flowchart.today')}
        </Box>
      )}
    </TableCell>
  );
}

function LineRow(props: {
  row: FlowRow<FlowLine>;
  chart: Flowchart<FlowLine>;
  fill: string;
  money: Money;
  today: Today;
}) {
  const { row, chart, fill, money, today } = props;
  return (
    <TableRow data-testid={`flow-line-${row.line.id}`}>
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'break-word', minWidth: 160 }}>
        {row.line.name}
      </TableCell>
      {row.cells.map((c, i) => {
        const period = chart.periods[i];
        const bar = c.days > 0 ? barOf(period, row.line, c.days) : null;
        return (
          <TableCell
            key={period.key}
            align="right"
            sx={{ ...figure, position: 'relative', ...today(i) }}
            data-bar={bar ? 'on' : undefined}
          >
            {bar && (
              <Box
                aria-hidden
                data-testid="flow-bar"
                sx={{
                  position: 'absolute',
                  top: 4,
                  bottom: 4,
                  insetInlineStart: `${bar.offset * 100}%`,
                  width: `${bar.width * 100}%`,
                  bgcolor: `#${fill}`,
                  borderRadius: 1,
                }}
              />
            )}
            <Box component="span" sx={{ position: 'relative' }}>
              {bar ? money(c.amount) : ''}
            </Box>
          </TableCell>
        );
      })}
      <TableCell align="right" sx={{ ...figure, fontWeight: 'bold' }}>
        {money(row.total)}
      </TableCell>
    </TableRow>
  );
}
