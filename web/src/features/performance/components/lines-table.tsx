import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { type ActivityPerformance, type PacingView } from '../api/performance-api';
import { Money, PacingChip } from './pacing-chip';
import { TableRegion } from './table-region';

/** One line's pacing figures, or the activity's in the total row. */
function PacingRow({
  name,
  p,
  fx,
  cur,
  rest,
}: {
  name: ReactNode;
  p: PacingView;
  fx: number | null;
  cur: ActivityPerformance['Currency'];
  rest: { channel?: string; dates?: ReactNode; testId: string };
}) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid={rest.testId}>
      {/* Names wrap between words (a word longer than the column breaks), never narrower than a word or two. */}
      <TableCell component="th" scope="row" sx={{ minWidth: 96, overflowWrap: 'break-word' }}>
        {name}
      </TableCell>
      <TableCell sx={{ minWidth: 72, overflowWrap: 'break-word' }}>{rest.channel ?? ''}</TableCell>
      <TableCell data-testid="line-dates">{rest.dates ?? ''}</TableCell>
      <TableCell align="right">
        <Money value={p.PlannedBudget} currency={cur} />
      </TableCell>
      <TableCell align="right">
        <Money value={p.PlannedToDate} currency={cur} />
      </TableCell>
      <TableCell align="right">
        <Money value={p.ActualToDate} currency={cur} />
      </TableCell>
      <TableCell>
        <PacingChip pacing={p} wrap />
      </TableCell>
      <TableCell align="right">
        <Money value={p.ProjectedEndSpend} currency={cur} />
      </TableCell>
      <TableCell align="right">
        <Money value={p.AmountLeft} currency={cur} />
      </TableCell>
      <TableCell align="right">
        {p.DailySpendNeeded === null ? (
          t('performance.tiles.ended')
        ) : (
          <Money value={p.DailySpendNeeded} currency={cur} />
        )}
      </TableCell>
      <TableCell align="right" data-testid="provisional-days">
        {/* The mark under the count: the column is as wide as the word, not both. */}
        {p.Basis.ProvisionalDays > 0 ? (
          <>
            {p.Basis.ProvisionalDays}{' '}
            <Typography component="span" variant="caption" color="warning.main" sx={{ display: 'block' }}>
              ({t('performance.provisionalMark')})
            </Typography>
          </>
        ) : (
          0
        )}
      </TableCell>
      <TableCell align="right">
        <Money value={fx} currency={cur} />
      </TableCell>
    </TableRow>
  );
}

export function LinesTable({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableRegion label={t('performance.linesTitle')}>
      <Table
        size="small"
        aria-label={t('performance.linesTitle')}
        data-testid="lines-table"
        sx={{ '& td, & th': { px: 1 }, '& td[align="right"]': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            {(
              [
                'line',
                'channel',
                'dates',
                'budget',
                'plannedToDate',
                'actual',
                'pacing',
                'projected',
                'amountLeft',
                'dailyNeeded',
                'provisionalDays',
                'fx',
              ] as const
            ).map((c) => (
              <TableCell key={c}>{t(`performance.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {r.Lines.map((l) => (
            <PacingRow
              key={String(l.LineId)}
              name={l.Name}
              p={l.Pacing}
              fx={l.Fx.Effect}
              cur={r.Currency}
              rest={{
                // "start –" and "end" unbroken: the cell wraps after the dash only, two lines at most.
                channel: l.ChannelTypeName,
                dates: (
                  <>
                    <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(l.StartDate, locale)} –</bdi>{' '}
                    <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(l.EndDate, locale)}</bdi>
                  </>
                ),
                testId: 'line-row',
              }}
            />
          ))}
          <PacingRow
            key="total"
            name={<strong>{t('performance.columns.total')}</strong>}
            p={r.Pacing}
            fx={r.Fx.Effect}
            cur={r.Currency}
            rest={{ testId: 'total-row' }}
          />
        </TableBody>
      </Table>
    </TableRegion>
  );
}
