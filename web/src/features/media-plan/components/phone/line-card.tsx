import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreativeFees } from '@server/shared/money';
import { figuresOf, inputOfLine, type PlanLine } from '../../model/line-form';
import { day, money, percent, unitCost } from '../../model/plan-figures';
import { kpiText } from '../line-cells';

/**
 * One plan line on a phone, read only: its name and channel, its flight, how it is bought, its
 * budget, fees and subtotal, its planned KPI and notes. The amounts are the grid's own (figuresOf:
 * the money module, as the API computes them).
 */
export function LineCard({
  line,
  n,
  currency,
  fees,
  locale,
}: {
  line: PlanLine;
  n: number;
  currency: 1 | 2;
  fees: CreativeFees;
  locale: string;
}) {
  const { t } = useTranslation();
  const fig = figuresOf(inputOfLine(line), { buyType: line.BuyType, unitCost: line.UnitCost }, fees);
  const a = fig.amounts;
  const m = (minor: number) => money(minor, currency, locale);
  const withPct = (minor: number, pct: number) => (
    <>
      {m(minor)}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        ({percent(pct, locale)})
      </Typography>
    </>
  );
  return (
    <Card variant="outlined" sx={{ p: 1.5 }} data-testid="line-card" data-line-id={line.ID} component="article">
      <Typography variant="caption" color="text.secondary" component="div">
        {t('mediaPlan.phone.lineN', { n })} · {line.ChannelTypeName}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
        {line.Name || '–'}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2 }}>
        <Row label={t('mediaPlan.phone.flight')} testId="line-flight">
          {t('mediaPlan.phone.dates', { from: day(line.StartDate, locale), to: day(line.EndDate, locale) })}
        </Row>
        <Row label={t('mediaPlan.fields.BuyType')}>{line.BuyType}</Row>
        <Row label={t('mediaPlan.fields.UnitCost')}>
          <bdi dir="ltr">{unitCost(line.UnitCost, locale)}</bdi>
        </Row>
        <Row label={t('mediaPlan.fields.Budget')} testId="line-net" strong>
          {m(a.net)}
        </Row>
        <Row label={t('mediaPlan.fields.managementFee')} testId="line-managementFee">
          {withPct(a.managementFee, line.ManagementFeePct)}
        </Row>
        <Row label={t('mediaPlan.fields.systemFee')} testId="line-systemFee">
          {withPct(a.systemFee, line.SystemFeePct)}
        </Row>
        <Row label={t('mediaPlan.fields.creativeFee')} testId="line-creativeFee">
          {m(a.creativeFee)}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            ({t('mediaPlan.phone.creatives', { images: line.ImageCreatives, videos: line.VideoCreatives })})
          </Typography>
        </Row>
        <Row label={t('mediaPlan.fields.subtotal')} testId="line-subtotal" strong>
          {m(a.subtotal)}
        </Row>
        <Row label={t('mediaPlan.fields.kpi')}>{kpiText(fig, t, locale)}</Row>
        {line.Notes && <Row label={t('mediaPlan.fields.Notes')}>{line.Notes}</Row>}
      </Box>
    </Card>
  );
}

/** A label and its value; the value keeps to the end side, figures aligned, words wrapping. */
function Row({
  label,
  testId,
  strong,
  children,
}: {
  label: string;
  testId?: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-testid={testId}
        sx={{
          m: 0,
          textAlign: 'end',
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
          fontWeight: strong ? 600 : undefined,
        }}
      >
        {children}
      </Typography>
    </>
  );
}
