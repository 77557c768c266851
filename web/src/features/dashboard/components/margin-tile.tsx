import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { format, subMonths } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REQUIRES } from '@server/shared/policy';
import { FilterSelect } from '../../../components/ui/filter-field';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatPercent } from '../../../lib/format';
import { mainAccountsQuery, monthMarginQuery } from '../api/dashboard-api';
import { Money, Tile } from './dashboard-parts';

/**
 * The dashboard's account for the gross-margin tile (?account=): the dashboard's figures are the
 * whole agency's, so the margin, an account's figure, shows only once an account is chosen here.
 */
export function useMarginAccount(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('account')) || undefined;
  const set = (v: number | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set('account', String(v));
        else next.delete('account');
        return next;
      },
      { replace: true },
    );
  return [id, set];
}

/** Whether the caller may see margins (vendor costs): management staff only. */
export const useMaySeeMargin = () => isAllowed(useSession()?.profile, REQUIRES.managementStaff);

/** The account chooser beside the period (main accounts; none chosen: no margin tile). */
export function MarginAccountChooser() {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useMarginAccount();
  const accounts = useQuery(mainAccountsQuery());
  return (
    <FilterSelect
      label={t('dashboard.margin.account')}
      name="account"
      testId="dashboard-margin-account"
      style={{ minWidth: 200 }}
      value={accountId ?? 0}
      onChange={(v) => setAccountId(v || undefined)}
      choices={[
        { value: 0, label: t('dashboard.margin.noAccount') },
        ...(accounts.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
      ]}
    />
  );
}

/** "Gross margin, last month" of the chosen account, linking to the Reports' margin view. */
export function MarginTile({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const month = format(subMonths(new Date(), 1), 'yyyy-MM');
  const q = useQuery(monthMarginQuery(accountId, month));
  const m = q.data?.Months[0];
  return (
    <Tile
      id="margin"
      title={t('dashboard.margin.title')}
      to={`/performance/margin?account=${accountId}&from=${month}&to=${month}`}
      linkLabel={t('dashboard.tiles.explain')}
      hint={
        m && (
          <>
            {t('dashboard.margin.billable')}: <Money value={m.Billable} code={m.CurrencyCode} /> ·{' '}
            {t('dashboard.margin.cost')}: <Money value={m.Cost} code={m.CurrencyCode} /> ·{' '}
            {t('dashboard.margin.bills', { billed: m.Billed, count: m.Billed + m.Expected })}
          </>
        )
      }
    >
      {q.error ? (
        <Typography color="error" data-testid="margin-tile-error">
          {t('dashboard.margin.error')}
        </Typography>
      ) : !m ? (
        '…'
      ) : (
        <>
          <Money value={m.Margin} code={m.CurrencyCode} />
          {m.MarginPct !== null && (
            <Typography component="span" variant="body1" color="text.secondary">
              {' '}
              (<bdi dir="ltr">{formatPercent(m.MarginPct, locale)}</bdi>)
            </Typography>
          )}
        </>
      )}
    </Tile>
  );
}
