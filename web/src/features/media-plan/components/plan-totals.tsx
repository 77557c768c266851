import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { checkBudget } from '@server/shared/budget-check';
import { toMinor, type PlanTotals } from '@server/shared/money';
import { formatDate, formatNumber } from '../../../lib/format';
import type { VersionInfo } from '../api/media-plan-api';
import type { DraftStore } from '../model/draft-store';
import { inputOfLine, type PlanLine } from '../model/line-form';
import { convertMinor, money, totalsOf } from '../model/plan-figures';

/** The plan's totals with what the rows are typing (DraftStore): recomputed per keystroke, cheaply (integers). */
export function useLiveTotals(
  lines: readonly PlanLine[],
  pricing: VersionInfo['Pricing'],
  drafts: DraftStore,
): PlanTotals | null {
  const revision = useSyncExternalStore(drafts.subscribe, drafts.snapshot, drafts.snapshot);
  return useMemo(
    () =>
      totalsOf(
        lines.map((l) => drafts.get(l.ID) ?? inputOfLine(l)),
        pricing,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, pricing, drafts, revision],
  );
}

export const TOTAL_KEYS = [
  'net',
  'managementFee',
  'systemFee',
  'creativeFee',
  'setupFee',
  'subtotal',
  'vat',
  'total',
] as const;

/**
 * The totals footer (docs/domain.md): net, each fee, setup fee, subtotal, VAT, total, and the total
 * in the other currency with the rate used (fixed at approval, or today's), or the server's
 * "no exchange rate" message.
 */
export function PlanTotalsPanel({
  info,
  lines,
  drafts,
  locale,
  activityBudget,
}: {
  info: VersionInfo;
  lines: readonly PlanLine[];
  drafts: DraftStore;
  locale: string;
  /** The activity's budget (its account's currency, as the plan's): the net media is measured against it. */
  activityBudget?: number;
}) {
  const { t } = useTranslation();
  const totals = useLiveTotals(lines, info.Pricing, drafts);
  const rate = info.ExchangeRateUsed;
  // Null totals or conversion: a plan stored before the money limits (docs/money-limits.md) shows "out of range".
  const converted = rate && totals ? convertMinor(totals.total, rate, info.Currency) : null;
  const outOfRange = t('mediaPlan.totals.outOfRange');
  const label = (k: (typeof TOTAL_KEYS)[number]) =>
    k === 'vat'
      ? info.ApplyVat
        ? t('mediaPlan.totals.vatPct', { pct: formatNumber(info.Pricing.VatPct, locale, { decimals: 0 }) })
        : t('mediaPlan.totals.vatOff')
      : t(`mediaPlan.totals.${k}`);
  return (
    <Box
      data-testid="plan-totals"
      data-frame-blank=""
      sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}
    >
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 3, rowGap: 0.5, minWidth: 320 }}
      >
        {TOTAL_KEYS.map((k) => (
          <Box
            key={k}
            sx={{
              display: 'contents',
              '& > *': k === 'total' ? { fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.5 } : {},
            }}
          >
            <Typography component="dt" variant="body2">
              {label(k)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
              data-testid={`total-${k}`}
              data-minor={totals?.[k]}
            >
              {totals ? money(totals[k], info.Currency, locale) : outOfRange}
            </Typography>
          </Box>
        ))}
        <ConvertedTotal info={info} converted={converted} locale={locale} />
      </Box>
      {totals && activityBudget !== undefined && (
        <BudgetCheck net={totals.net} budget={activityBudget} currency={info.Currency} locale={locale} />
      )}
      <TotalsWarnings
        info={info}
        outOfRange={totals === null || (!!rate && converted === null) || (info.OutOfRange?.length ?? 0) > 0}
        converted={converted}
        locale={locale}
      />
    </Box>
  );
}

/** The total in the other currency with the rate used (fixed at approval, or today's); "out of range" when it cannot be converted. */
function ConvertedTotal({ info, converted, locale }: { info: VersionInfo; converted: number | null; locale: string }) {
  const { t } = useTranslation();
  const rate = info.ExchangeRateUsed;
  return (
    <>
      {converted === null && rate && !info.RateMissing && (
        <>
          <Typography component="dt" variant="body2">
            {t('mediaPlan.totals.converted', { currency: info.ConvertedCurrencyCode })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }} data-testid="total-converted">
            {t('mediaPlan.totals.outOfRange')}
          </Typography>
        </>
      )}
      {converted !== null && rate && (
        <>
          <Typography component="dt" variant="body2">
            {t('mediaPlan.totals.converted', { currency: info.ConvertedCurrencyCode })}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
            data-testid="total-converted"
            data-minor={converted}
          >
            {money(converted, info.ConvertedCurrency, locale)}
          </Typography>
          <Typography
            component="dd"
            variant="caption"
            color="text.secondary"
            sx={{ gridColumn: '1 / -1', m: 0, textAlign: 'right' }}
            data-testid="rate-used"
          >
            {t(info.RateFixed ? 'mediaPlan.totals.rateFixed' : 'mediaPlan.totals.rateToday', {
              date: formatDate(rate.Date, locale),
            })}{' '}
            <bdi dir="ltr">{`1 ${rate.From} = ${rate.Rate} ${rate.To}`}</bdi>
          </Typography>
        </>
      )}
    </>
  );
}

/** Why figures are missing: amounts out of range, or no exchange rate for the day. */
function TotalsWarnings({
  info,
  outOfRange,
  converted,
  locale,
}: {
  info: VersionInfo;
  outOfRange: boolean;
  converted: number | null;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {outOfRange && (
        <Alert severity="warning" data-testid="out-of-range">
          {t('mediaPlan.totals.outOfRangeNote')}
        </Alert>
      )}
      {converted === null && info.RateMissingOn && (
        <Alert severity="warning" data-testid="rate-missing">
          {t('mediaPlan.totals.rateMissing', {
            from: info.RateMissingOn.From,
            to: info.RateMissingOn.To,
            date: formatDate(info.RateMissingOn.Date, locale),
          })}
        </Alert>
      )}
    </>
  );
}

/**
 * The plan's net media against the activity's budget, live as lines are typed: what remains, or by
 * how much the plan is over (a warning; Submit asks before sending an over-budget plan, and the
 * server refuses it unconfirmed by the same rule).
 */
function BudgetCheck({
  net,
  budget,
  currency,
  locale,
}: {
  net: number;
  budget: number;
  currency: 1 | 2;
  locale: string;
}) {
  const { t } = useTranslation();
  const budgetMinor = toMinor(String(budget));
  // The one rule the server's Submit and the approvals inbox use (shared/budget-check.ts).
  const { overBy, remaining } = checkBudget(net, budgetMinor);
  const over = overBy - remaining;
  const amount = money(overBy > 0 ? overBy : remaining, currency, locale);
  const total = money(budgetMinor, currency, locale);
  return overBy > 0 ? (
    <Alert severity="warning" data-testid="budget-check" data-over={over}>
      {t('mediaPlan.budget.over', { amount, budget: total })}
    </Alert>
  ) : (
    <Typography variant="body2" color="text.secondary" data-testid="budget-check" data-over={over}>
      {t('mediaPlan.budget.remaining', { amount, budget: total })}
    </Typography>
  );
}
