import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency } from '../../../lib/format';
import { planEditorPath, type ApprovalInboxItem } from '../api/approvals-api';

type Row = Pick<
  ApprovalInboxItem,
  | 'AccountId'
  | 'AccountName'
  | 'SubAccountName'
  | 'ActivityId'
  | 'ActivityName'
  | 'MediaMixId'
  | 'Version'
  | 'Name'
  | 'Net'
  | 'Total'
  | 'Currency'
  | 'OverBudgetBy'
>;

/** Account (and the sub-account the activity is booked on), activity and version — the version opens the plan editor on it. */
export function WhereCells({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <>
      <TableCell>
        <Typography variant="body2" component="div">
          {row.AccountName}
        </Typography>
        {row.SubAccountName && (
          <Typography variant="caption" color="text.secondary" component="div" data-testid="sub-account">
            {row.SubAccountName}
          </Typography>
        )}
      </TableCell>
      <TableCell>{row.ActivityName}</TableCell>
      <TableCell>
        <Link component={RouterLink} to={planEditorPath(row)} data-testid="open-plan">
          {t('approvals.versionN', { n: row.Version })}
        </Link>
        <Typography variant="caption" color="text.secondary" component="div">
          {row.Name}
        </Typography>
      </TableCell>
    </>
  );
}

/** An amount in the row's currency, or "out of range" (a version stored before the money limits). */
export function useMoneyText(row: Pick<Row, 'Currency'>, locale: string) {
  const { t } = useTranslation();
  return (n: number | null) => (n === null ? t('approvals.outOfRange') : formatCurrency(n, row.Currency, locale));
}

/** The amount over the activity's budget, or "within budget"; `wrap`: the chip's words may take two lines (a narrow card). */
export function BudgetStatus({ row, locale, wrap = false }: { row: Row; locale: string; wrap?: boolean }) {
  const { t } = useTranslation();
  return row.OverBudgetBy !== null ? (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      data-testid="over-budget"
      sx={wrap ? { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal' } } : undefined}
      label={t('approvals.overBy', { amount: formatCurrency(row.OverBudgetBy, row.Currency, locale) })}
    />
  ) : (
    <Typography variant="body2" color="text.secondary">
      {t('approvals.withinBudget')}
    </Typography>
  );
}

/** Net and total in the account's currency, and the amount over the activity's budget. */
export function MoneyCells({ row, locale }: { row: Row; locale: string }) {
  const money = useMoneyText(row, locale);
  return (
    <>
      <TableCell align="right">{money(row.Net)}</TableCell>
      <TableCell align="right">{money(row.Total)}</TableCell>
      <TableCell>
        <BudgetStatus row={row} locale={locale} />
      </TableCell>
    </>
  );
}

/** The column titles (literal keys: the catalogue check finds them). */
export const COLUMN_TITLES = {
  account: 'approvals.columns.account',
  activity: 'approvals.columns.activity',
  version: 'approvals.columns.version',
  net: 'approvals.columns.net',
  total: 'approvals.columns.total',
  budget: 'approvals.columns.budget',
  submittedBy: 'approvals.columns.submittedBy',
  submittedAt: 'approvals.columns.submittedAt',
  daysWaiting: 'approvals.columns.daysWaiting',
  status: 'approvals.columns.status',
  lastChange: 'approvals.columns.lastChange',
  note: 'approvals.columns.note',
} as const;

export type Column = keyof typeof COLUMN_TITLES;
