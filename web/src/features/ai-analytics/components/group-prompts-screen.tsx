import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { groupPromptsQuery, type GroupPromptView } from '../api/ai-analytics-api';
import { PromptRow } from './prompt-row';
import { ProgressBar } from '../../../components/ui/progress-bar';

/**
 * /accounts/{accountId}/groupTypePrompts/list (system admins): the account's analysis
 * prompt of each channel group — the built-in default until saved — with the placeholders the
 * analysis fills from the activity's computed figures. Each group saves alone from the version read;
 * a save answers every group's prompt, which replaces the cached list (no second read).
 */
export function GroupPromptsScreen({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const query = groupPromptsQuery(accountId);
  const list = useQuery(query);
  const reload = () => void list.refetch();
  const saved = (Items: GroupPromptView[]) => qc.setQueryData(query.queryKey, { Items });
  return (
    <Stack spacing={2} data-testid="group-prompts-screen">
      <Paper sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('aiAnalytics.prompts.intro', { example: '\u2066{{pacing}}\u2069' })}
        </Typography>
        <Link component={RouterLink} to="/ai_analytics" variant="body2" data-testid="ai-analytics-link">
          {t('aiAnalytics.prompts.back')}
        </Link>
      </Paper>
      <LoadError error={list.error} onReload={reload} />
      {list.isPending && <ProgressBar label={t('common.loading')} />}
      {/* The key holds the version: a saved (or reloaded) prompt starts its row again from what the server has. */}
      {list.data?.Items.map((p) => (
        <PromptRow
          key={`${p.ChannelGroup}:${p.Version}`}
          accountId={accountId}
          prompt={p}
          onSaved={saved}
          onReload={reload}
        />
      ))}
    </Stack>
  );
}
