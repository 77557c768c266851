import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format';
import {
  type ActivityPerformance,
  type CustomColumnHead,
  type CustomValues,
  type KpiSetView,
} from '../api/performance-api';
import { TableRegion } from './table-region';

const KPIS = ['Impressions', 'Clicks', 'Conversions', 'Spend', 'Ctr', 'Cpc', 'Cpm', 'Cpa', 'Cvr', 'Roas'] as const;
type Kpi = (typeof KPIS)[number];

function kpiText(k: Kpi, v: number | null, currency: 1 | 2, locale: string, none: string): string {
  if (v === null) return none;
  switch (k) {
    case 'Impressions':
    case 'Clicks':
      return formatNumber(v, locale, { decimals: 0 });
    case 'Conversions':
    case 'Roas':
      return formatNumber(v, locale);
    case 'Ctr':
    case 'Cvr':
      return formatPercent(v, locale);
    default:
      return formatCurrency(v, currency, locale);
  }
}

interface KpiRow {
  key: string;
  name: ReactNode;
  planned: KpiSetView;
  toDate: KpiSetView;
  actual: KpiSetView;
}

/** A row group per line, then the plan's total. */
function kpiRows(r: ActivityPerformance, totalName: ReactNode): KpiRow[] {
  return [
    ...r.Lines.map((l) => ({
      key: String(l.LineId),
      name: l.Name,
      planned: l.Kpis.Planned,
      toDate: l.Kpis.PlannedToDate,
      actual: l.Kpis.Actual,
    })),
    {
      key: 'total',
      name: totalName,
      planned: r.Kpis.Planned,
      toDate: r.Kpis.PlannedToDate,
      actual: r.Kpis.Actual,
    },
  ];
}

// A line is three rows (planned, planned to date, actual) under one column per KPI: 12 columns fit
// a 1440 px screen with the menu open, where a column per KPI and side (31) scrolled sideways.
function kpiSides(t: TFunction) {
  return [
    {
      key: 'planned',
      label: t('performance.columns.planned'),
      of: (x: KpiRow) => x.planned,
      attr: (): Record<string, string> => ({}),
    },
    {
      key: 'toDate',
      label: t('performance.columns.plannedToDateKpi'),
      of: (x: KpiRow) => x.toDate,
      attr: (k: Kpi) => ({ 'data-kpi-to-date': k }),
    },
    {
      key: 'actual',
      label: t('performance.columns.actualKpi'),
      of: (x: KpiRow) => x.actual,
      attr: (k: Kpi) => ({ 'data-kpi': k }),
    },
  ];
}

/** Planned (whole flight), planned to date and actual (to date) KPIs per line and for the plan; what the buy type does not plan reads "—". */
export function KpisTable({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const rows = kpiRows(r, <strong>{t('performance.columns.total')}</strong>);
  const cell = (k: Kpi, v: number | null) => (
    <bdi dir="ltr">{kpiText(k, v, r.Currency, locale, t('performance.notPlanned'))}</bdi>
  );
  const sides = kpiSides(t);
  return (
    <TableRegion label={t('performance.kpisTitle')} testId="kpis-container">
      <Table
        size="small"
        aria-label={t('performance.kpisTitle')}
        data-testid="kpis-table"
        sx={{ '& td, & th': { px: 1 }, '& td[align="right"]': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('performance.columns.line')}</TableCell>
            <TableCell />
            {KPIS.map((k) => (
              <TableCell key={k} align="right">
                {t(`performance.kpis.${k}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {rows.map((x) => (
          <TableBody key={x.key} data-testid="kpi-row">
            {sides.map((side, i) => (
              <TableRow key={side.key}>
                {i === 0 && (
                  <TableCell component="th" scope="rowgroup" rowSpan={3} sx={{ maxWidth: 180, verticalAlign: 'top' }}>
                    {x.name}
                  </TableCell>
                )}
                <TableCell sx={{ color: 'text.secondary' }}>{side.label}</TableCell>
                {KPIS.map((k) => (
                  <TableCell key={k} align="right" {...side.attr(k)}>
                    {cell(k, side.of(x)[k])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        ))}
      </Table>
    </TableRegion>
  );
}

/** A custom column's value in its format (percent: a ratio shown × 100); null (not a finite number) reads "—". */
function customText(head: CustomColumnHead, v: number | null | undefined, currency: 1 | 2, locale: string): string {
  if (v === null || v === undefined) return '—';
  switch (head.Format) {
    case 'currency':
      return formatCurrency(v, currency, locale);
    case 'percent':
      return formatPercent(v * 100, locale);
    default:
      return formatNumber(v, locale);
  }
}

/** The company's performance custom columns over each line's and the plan's actuals to date. */
export function CustomColumnsTable({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const rows: { key: string; name: ReactNode; values: CustomValues }[] = [
    ...r.Lines.map((l) => ({ key: String(l.LineId), name: l.Name, values: l.Custom })),
    { key: 'total', name: <strong>{t('performance.columns.total')}</strong>, values: r.Custom },
  ];
  return (
    <TableRegion label={t('performance.customTitle')}>
      <Table size="small" aria-label={t('performance.customTitle')} data-testid="custom-columns-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('performance.columns.line')}</TableCell>
            {r.CustomColumns.map((c) => (
              <TableCell key={c.Id} align="right">
                {c.Name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((x) => (
            <TableRow key={x.key} data-testid="custom-row">
              <TableCell component="th" scope="row">
                {x.name}
              </TableCell>
              {r.CustomColumns.map((c) => (
                <TableCell key={c.Id} align="right" data-column={c.Id}>
                  <bdi dir="ltr">{customText(c, x.values[String(c.Id)], r.Currency, locale)}</bdi>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
