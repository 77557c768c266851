import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { useApiError } from '../../../components/ui/use-api-error';
import { runAnalysis } from '../api/ai-analytics-api';
import { AnalysisChoiceFields } from './analysis-choice-fields';
import { AnalysisResult } from './analysis-result';
import { useAnalysisChoices } from './use-analysis-choices';
import { ProgressBar } from '../../../components/ui/progress-bar';

/**
 * /ai_analytics (system admins): choose an account, one of its activities and a
 * version of its plan, optionally the channel group whose prompt to use (default: the plan's
 * largest) and the answer's language (default: the console's), and run the analysis. The answer
 * is shown with each figure linked to the fact it was traced to, the facts table, and whether a
 * model wrote it (its tokens) or the rules did (and why).
 */
export function AiAnalyticsScreen() {
  const { t } = useTranslation();
  const showError = useApiError();
  const choices = useAnalysisChoices();
  const { accounts, activities, versions, accountId, activityId, mediaMixId: versionId, group, lang } = choices;

  const run = useMutation({
    mutationFn: runAnalysis,
    onError: (err) => showError(err, { fallback: t('aiAnalytics.runFailed') }),
  });
  const analysis =
    run.data && run.data.ActivityId === activityId && run.data.MediaMixId === versionId ? run.data : undefined;

  const ready = accountId > 0 && activityId > 0 && versionId > 0 && !run.isPending;
  const start = () =>
    run.mutate({ accountId, activityId, mediaMixId: versionId, lang, ...(group ? { channelGroup: group } : {}) });

  return (
    <Stack spacing={2} data-testid="ai-analytics-screen">
      <Paper sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('aiAnalytics.intro')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <AnalysisChoiceFields c={choices} />
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
        {choices.noVersions && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="analysis-no-plan">
            {t('aiAnalytics.noPlan')}
          </Alert>
        )}
        {run.isPending && (
          <Box sx={{ mt: 2 }} role="status" data-testid="analysis-running">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('aiAnalytics.running')}
            </Typography>
            <ProgressBar label={t('aiAnalytics.running')} />
          </Box>
        )}
      </Paper>
      {analysis && !run.isPending && <AnalysisResult analysis={analysis} />}
    </Stack>
  );
}
