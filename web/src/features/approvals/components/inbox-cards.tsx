import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/format';
import { planEditorPath, type ApprovalInboxItem } from '../api/approvals-api';
import { BudgetStatus, COLUMN_TITLES, useMoneyText } from './plan-cells';
import { ProgressBar } from '../../../components/ui/progress-bar';

/**
 * "To approve" on a narrow screen: each waiting version a card that is one link to the plan (the
 * whole card is the target a finger taps), with what the table's row shows — version and plan
 * name, account and activity, the totals and the budget, who submitted it and when, days waiting.
 */
export function InboxCards({
  rows,
  loading,
  locale,
}: {
  rows: readonly ApprovalInboxItem[];
  loading: boolean;
  locale: string;
}) {
  const { t } = useTranslation();
  if (loading) return <ProgressBar label={t('common.loading')} />;
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="inbox-empty">
        {t('approvals.inbox.empty')}
      </Typography>
    );
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="inbox-cards">
      {rows.map((r) => (
        <Box component="li" key={r.MediaMixId}>
          <InboxCard row={r} locale={locale} />
        </Box>
      ))}
    </Stack>
  );
}

function InboxCard({ row: r, locale }: { row: ApprovalInboxItem; locale: string }) {
  const { t } = useTranslation();
  const money = useMoneyText(r, locale);
  return (
    <Card variant="outlined" data-testid="inbox-row" data-mix-id={r.MediaMixId}>
      <CardActionArea component={RouterLink} to={planEditorPath(r)} sx={{ p: 1.5 }} data-testid="open-plan">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {t('approvals.versionN', { n: r.Version })}
          {r.Name && (
            <Typography component="span" color="text.secondary">
              {` · ${r.Name}`}
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {r.AccountName}
          {r.SubAccountName && (
            <Typography component="span" variant="body2" color="text.secondary" data-testid="sub-account">
              {` · ${r.SubAccountName}`}
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {r.ActivityName}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.25 }}
        >
          <Figure label={t(COLUMN_TITLES.net)}>{money(r.Net)}</Figure>
          <Figure label={t(COLUMN_TITLES.total)}>{money(r.Total)}</Figure>
          <Figure label={t(COLUMN_TITLES.submittedBy)}>{r.SubmittedByName}</Figure>
          <Figure label={t(COLUMN_TITLES.submittedAt)}>{formatDate(r.SubmittedAt, locale, true)}</Figure>
          <Figure label={t(COLUMN_TITLES.daysWaiting)} testId="days-waiting">
            {r.DaysWaiting}
          </Figure>
        </Box>
        <Box sx={{ mt: 1 }}>
          <BudgetStatus row={r} locale={locale} wrap />
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** A label and its value, a row of the card's list; figures keep to one line, names wrap. */
function Figure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-testid={testId}
        sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </>
  );
}
