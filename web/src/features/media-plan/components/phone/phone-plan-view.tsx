import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/ui/load-error';
import { useSession } from '../../../../lib/auth';
import type { VersionListItem } from '../../api/media-plan-api';
import { planAbilities } from '../../model/abilities';
import { DraftStore } from '../../model/draft-store';
import { creativeFeesOf } from '../../model/plan-figures';
import { PlanNotices } from '../plan-header';
import { PlanTotalsPanel } from '../plan-totals';
import { usePlanVersion } from '../use-plan-version';
import { ClientFlag, StatusChip } from '../versions-table';
import { LineCard } from './line-card';
import { PhoneReviewBar } from './phone-review-bar';
import { ProgressBar } from '../../../../components/ui/progress-bar';

export interface PhonePlanViewProps {
  scope: number;
  versionId: number;
  versions: readonly VersionListItem[];
  locale: string;
  /** The activity's budget: the totals measure the net media against it. */
  activityBudget: number | undefined;
}

/**
 * A plan version on a phone, read only: its status and client answer, its totals (the editor's
 * footer: the same cache and money module), each line as a card, and the answers the user may give
 * at the foot of the screen. Lines are edited in the grid, on a wider screen.
 */
export function PhonePlanView({ scope, versionId, versions, locale, activityBudget }: PhonePlanViewProps) {
  const { t } = useTranslation();
  const { loaded, info, reloadInfo, reloadAll } = usePlanVersion(scope, versionId);
  const profile = useSession()?.profile;
  // Nothing is typed on the phone: the totals are the saved lines'.
  const noDrafts = useMemo(() => new DraftStore(), []);
  const fees = useMemo(() => info && creativeFeesOf(info.Pricing), [info]);

  if (loaded.error != null && !info) return <LoadError error={loaded.error} onReload={reloadInfo} />;
  if (!info || !fees) return <ProgressBar label={t('common.loading')} />;
  const can = planAbilities(profile, info, versions);

  return (
    <Stack spacing={1.5} data-testid="phone-plan" data-mix-id={info.ID} data-status={info.Status}>
      <Paper sx={{ p: 1.5 }} component="section" aria-labelledby="phone-plan-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
          <Typography variant="h6" component="h2" id="phone-plan-title">
            {t('mediaPlan.versions.versionN', { n: info.Version })}
          </Typography>
          <StatusChip status={info.Status} />
          <ClientFlag
            v={{ ...info, ClientApprovedBy: info.ClientApprovedByName, ClientDeclinedBy: info.ClientDeclinedByName }}
            locale={locale}
          />
        </Stack>
        <Typography variant="body1" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="mix-name">
          {info.Name}
        </Typography>
        <PlanNotices info={info} locale={locale} />
        {can.edit && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="edit-wider">
            {t('mediaPlan.phone.editWider')}
          </Alert>
        )}
        <Box sx={{ height: 4 }}>{loaded.isFetching && <ProgressBar label={t('common.loading')} />}</Box>
        <Box
          sx={{
            // The footer's own layout is for a wide page (right-aligned, at least 320 px): here it takes the card's width.
            '& [data-testid="plan-totals"]': { alignItems: 'stretch', mt: 0.5 },
            '& [data-testid="plan-totals"] > dl': { minWidth: 0, columnGap: 2 },
          }}
        >
          <PlanTotalsPanel
            info={info}
            lines={info.Lines}
            drafts={noDrafts}
            locale={locale}
            activityBudget={activityBudget}
          />
        </Box>
      </Paper>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 0.5 }}>
        {t('mediaPlan.totals.lines', { n: info.Lines.length })}
      </Typography>
      {info.Lines.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 0.5 }}>
          {t('mediaPlan.phone.noLines')}
        </Typography>
      )}
      {info.Lines.map((l, i) => (
        <LineCard key={l.ID} line={l} n={i + 1} currency={info.Currency} fees={fees} locale={locale} />
      ))}
      <PhoneReviewBar info={info} scope={scope} locale={locale} can={can} reloadAll={reloadAll} />
    </Stack>
  );
}
