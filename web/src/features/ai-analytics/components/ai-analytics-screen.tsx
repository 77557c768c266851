import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterSelect } from '../../../components/ui/filter-field';
import { LoadError } from '../../../components/ui/load-error';
import { useApiError } from '../../../components/ui/use-api-error';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import {
  activitiesQuery,
  CHANNEL_GROUPS,
  mainAccountsQuery,
  runAnalysis,
  versionsQuery,
  type ChannelGroup,
} from '../api/ai-analytics-api';
import { AnalysisResult } from './analysis-result';
import { groupText, versionStatusText } from './analysis-text';

type Lang = 'he' | 'en';
/** The languages an analysis is written in (RunActivityAnalysis `lang`). */
const LANGS: readonly Lang[] = ['he', 'en'];
/** MediaMixStatus.Approved (lambdas/shared/media-mix-status.ts). */
const APPROVED = 3;

/** The version analysed unless another is chosen: the newest approved one (what runs), else the newest. */
const defaultVersion = (items: readonly { ID: number; Status: number }[] | undefined): number | undefined =>
  (items?.find((v) => v.Status === APPROVED) ?? items?.[0])?.ID;

/**
 * /ai_analytics (system admins): choose an account, one of its activities and a
 * version of its plan, optionally the channel group whose prompt to use (default: the plan's
 * largest) and the answer's language (default: the console's), and run the analysis. The answer
 * is shown with each figure linked to the fact it was traced to, the facts table, and whether a
 * model wrote it (its tokens) or the rules did (and why).
 */
export function AiAnalyticsScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const showError = useApiError();
  const [accountId, setAccountId] = useState<number>(0);
  const [activityId, setActivityId] = useState<number>(0);
  const [chosenVersion, setChosenVersion] = useState<number>(0);
  const [group, setGroup] = useState<ChannelGroup | ''>('');
  const [chosenLang, setChosenLang] = useState<Lang | null>(null);
  const lang: Lang = chosenLang ?? (locale === 'he' ? 'he' : 'en');

  const accounts = useQuery(mainAccountsQuery());
  const activities = useQuery({ ...activitiesQuery(accountId), enabled: accountId > 0 });
  const versions = useQuery({ ...versionsQuery(accountId, activityId), enabled: accountId > 0 && activityId > 0 });
  const versionItems = activityId > 0 ? versions.data?.Items : undefined;
  const mediaMixId = chosenVersion || defaultVersion(versionItems) || 0;

  const run = useMutation({
    mutationFn: runAnalysis,
    onError: (err) => showError(err, { fallback: t('aiAnalytics.runFailed') }),
  });
  const analysis =
    run.data && run.data.ActivityId === activityId && run.data.MediaMixId === mediaMixId ? run.data : undefined;

  const chooseAccount = (id: number) => {
    setAccountId(id);
    setActivityId(0);
    setChosenVersion(0);
  };
  const chooseActivity = (id: number) => {
    setActivityId(id);
    setChosenVersion(0);
  };
  const ready = accountId > 0 && activityId > 0 && mediaMixId > 0 && !run.isPending;
  const start = () =>
    run.mutate({ accountId, activityId, mediaMixId, lang, ...(group ? { channelGroup: group } : {}) });

  const activityItems = accountId > 0 ? (activities.data?.Items ?? []) : [];
  const noVersions = activityId > 0 && versions.isSuccess && versions.data.Items.length === 0;

  return (
    <Stack spacing={2} data-testid="ai-analytics-screen">
      <Paper sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('aiAnalytics.intro')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <FilterSelect
            label={t('aiAnalytics.fields.account')}
            name="accountId"
            testId="analysis-account"
            sx={{ minWidth: 200 }}
            value={accountId}
            onChange={chooseAccount}
            choices={[
              { value: 0, label: t('aiAnalytics.choose') },
              ...(accounts.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
            ]}
          />
          <FilterSelect
            label={t('aiAnalytics.fields.activity')}
            name="activityId"
            testId="analysis-activity"
            sx={{ minWidth: 220 }}
            value={activityId}
            onChange={chooseActivity}
            disabled={accountId === 0}
            choices={[
              { value: 0, label: t('aiAnalytics.choose') },
              ...activityItems.map((a) => ({
                value: a.ID,
                label: a.SubAccountName ? `${a.Name} (${a.SubAccountName})` : a.Name,
              })),
            ]}
          />
          <FilterSelect
            label={t('aiAnalytics.fields.version')}
            name="mediaMixId"
            testId="analysis-version"
            sx={{ minWidth: 220 }}
            value={mediaMixId}
            onChange={setChosenVersion}
            disabled={activityId === 0 || !versionItems?.length}
            choices={
              versionItems?.length
                ? versionItems.map((v) => ({
                    value: v.ID,
                    label: t('aiAnalytics.versionLabel', {
                      version: v.Version,
                      name: v.Name,
                      status: versionStatusText(v.Status, v.StatusName, t),
                    }),
                  }))
                : [{ value: 0, label: t('aiAnalytics.choose') }]
            }
          />
          <FilterSelect
            label={t('aiAnalytics.fields.channelGroup')}
            name="channelGroup"
            testId="analysis-group"
            sx={{ minWidth: 180 }}
            value={group}
            onChange={setGroup}
            choices={[
              { value: '' as const, label: t('aiAnalytics.largestGroup') },
              ...CHANNEL_GROUPS.map((g) => ({ value: g, label: groupText(g, t) })),
            ]}
          />
          <FilterSelect
            label={t('aiAnalytics.fields.lang')}
            name="lang"
            testId="analysis-lang"
            sx={{ minWidth: 120 }}
            value={lang}
            onChange={setChosenLang}
            choices={LANGS.map((l) => ({ value: l, label: t(`language.names.${l}`) }))}
          />
          <Button variant="contained" onClick={start} disabled={!ready} data-testid="run-analysis">
            {t('aiAnalytics.run')}
          </Button>
          {accountId > 0 && (
            <Link
              component={RouterLink}
              to={`/accounts/${accountId}/groupTypePrompts/list`}
              data-testid="group-prompts-link"
            >
              {t('aiAnalytics.promptsLink')}
            </Link>
          )}
        </Stack>
        <LoadError
          error={accounts.error ?? activities.error ?? versions.error}
          onReload={() => {
            void accounts.refetch();
            if (accountId) void activities.refetch();
            if (activityId) void versions.refetch();
          }}
        />
        {noVersions && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="analysis-no-plan">
            {t('aiAnalytics.noPlan')}
          </Alert>
        )}
        {run.isPending && (
          <Box sx={{ mt: 2 }} role="status" data-testid="analysis-running">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('aiAnalytics.running')}
            </Typography>
            <LinearProgress aria-label={t('aiAnalytics.running')} />
          </Box>
        )}
      </Paper>
      {analysis && !run.isPending && <AnalysisResult analysis={analysis} />}
    </Stack>
  );
}
