import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { format, subMonths } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterSelect } from '../../../components/ui/filter-field';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { accountMarginQuery } from '../api/margin-api';
import { accountChoicesQuery, accountInfoQuery } from '../api/reports-api';
import { monthCount, monthNameIn, recentMonths } from './margin-months';
import { MarginTable } from './margin-table';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_MONTHS = 12;

/** The URL's range (?from=&to=, YYYY-MM), else the six months to last month. */
function useRange() {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const to = MONTH.exec(params.get('to') ?? '')?.[0] ?? format(subMonths(now, 1), 'yyyy-MM');
  const from = MONTH.exec(params.get('from') ?? '')?.[0] ?? format(subMonths(now, 6), 'yyyy-MM');
  const accountId = Number(params.get('account')) || undefined;
  const set = (more: Record<string, string | number | undefined>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(more))
        if (v) next.set(k, String(v));
        else next.delete(k);
      return next;
    });
  return { from, to, accountId, set };
}

/** The account chooser: a main account, then (optionally) one of its sub-accounts, as Reports filters do. */
function AccountChooser({
  asked,
  onChange,
}: {
  asked: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const mains = useQuery(accountChoicesQuery(-1));
  const isMain = asked !== undefined && !!mains.data?.Items.some((a) => a.ID === asked);
  const info = useQuery({ ...accountInfoQuery(asked ?? 0), enabled: asked !== undefined && !!mains.data && !isMain });
  const mainId = isMain ? asked : (info.data?.ParentId ?? info.data?.ID);
  const subs = useQuery({ ...accountChoicesQuery(mainId ?? 0), enabled: mainId !== undefined });
  return (
    <>
      <FilterSelect
        label={t('reports.filters.account')}
        name="account"
        testId="margin-account"
        style={{ minWidth: 200 }}
        value={mainId ?? 0}
        onChange={(v) => onChange(v || undefined)}
        choices={[
          { value: 0, label: t('reports.margin.chooseAccount') },
          ...(mains.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
        ]}
      />
      {mainId !== undefined && (subs.data?.Items.length ?? 0) > 0 && (
        <FilterSelect
          label={t('reports.filters.subAccount')}
          name="subAccount"
          testId="margin-sub-account"
          style={{ minWidth: 180 }}
          value={!isMain && asked !== undefined ? asked : 0}
          onChange={(v) => onChange(v || mainId)}
          choices={[
            { value: 0, label: t('reports.margin.wholeAccount') },
            ...(subs.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
          ]}
        />
      )}
    </>
  );
}

/** The months of one account's range: the table, or why there is none yet. */
function MarginResult({ accountId, from, to }: { accountId: number; from: string; to: string }) {
  const { t } = useTranslation();
  const count = monthCount(from, to);
  const valid = count >= 1 && count <= MAX_MONTHS;
  const q = useQuery({ ...accountMarginQuery(accountId, from, to), enabled: valid });
  if (!valid)
    return (
      <Alert severity="warning" data-testid="margin-range-invalid">
        {t('reports.margin.rangeInvalid', { limit: MAX_MONTHS })}
      </Alert>
    );
  if (q.error) return <LoadError error={q.error} onReload={() => void q.refetch()} />;
  if (!q.data) return <Loader />;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('reports.margin.explain', { currency: q.data.CurrencyCode })}
      </Typography>
      <MarginTable m={q.data} />
    </>
  );
}

/**
 * /performance/margin?account=…&from=…&to=…: the agency's gross margin of an account per month
 * (VendorBillsService.GetAccountMargin): billable, vendor cost, margin and margin %, how many of the
 * costs are bills, and the totals.
 */
export function MarginScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const { from, to, accountId, set } = useRange();
  const months = recentMonths().map((m) => ({ value: m, label: monthNameIn(m, locale) }));
  return (
    <Box data-testid="margin-screen">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <AccountChooser asked={accountId} onChange={(id) => set({ account: id })} />
        <FilterSelect
          label={t('reports.filters.from')}
          name="from"
          testId="margin-from"
          style={{ minWidth: 160 }}
          value={from}
          onChange={(v) => set({ from: v })}
          choices={months}
        />
        <FilterSelect
          label={t('reports.filters.to')}
          name="to"
          testId="margin-to"
          style={{ minWidth: 160 }}
          value={to}
          onChange={(v) => set({ to: v })}
          choices={months}
        />
      </Stack>
      {accountId === undefined ? (
        <Typography color="text.secondary" data-testid="margin-no-account">
          {t('reports.margin.noAccount')}
        </Typography>
      ) : (
        <MarginResult accountId={accountId} from={from} to={to} />
      )}
    </Box>
  );
}
