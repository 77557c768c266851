import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ANALYSIS_PLACEHOLDERS } from '@server/shared/analysis-placeholders';
import { LoadError } from '../../../components/ui/load-error';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { groupPromptsQuery, saveGroupPrompt, type GroupPromptView } from '../api/ai-analytics-api';
import { groupText } from './analysis-text';
import { formOfPrompt, insertPlaceholder, PROMPT_FORM, type PromptForm } from './prompt-form';

const MAX_PROMPT = 4000;

/** One channel group's prompt: the template, the placeholders that insert themselves, Save (this group alone). */
function PromptRow({
  accountId,
  prompt,
  onSaved,
  onReload,
}: {
  accountId: number;
  prompt: GroupPromptView;
  onSaved: (items: GroupPromptView[]) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const { show } = useSnackbar();
  const showError = useApiError();
  const labelOf = useCallback(() => t('aiAnalytics.prompts.prompt'), [t]);
  const { control, submitWith, setValue, formState } = useRouteForm(PROMPT_FORM, {
    defaultValues: formOfPrompt(prompt),
    labelOf,
  });
  const text = useWatch({ control, name: 'Prompt' }) ?? '';
  const input = useRef<HTMLTextAreaElement | null>(null);
  const group = prompt.ChannelGroup;

  const insert = (name: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const next = insertPlaceholder(text, name, start, el?.selectionEnd ?? start);
    setValue('Prompt', next.text, { shouldDirty: true, shouldValidate: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const save = submitWith(async (form: PromptForm) => {
    try {
      const saved = await saveGroupPrompt(accountId, PROMPT_FORM.toInput(form));
      show({ message: t('aiAnalytics.prompts.saved', { group: groupText(group, t) }) });
      onSaved(saved.Items);
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed'), reload: onReload });
      throw err;
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="prompt-row" data-group={group}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {groupText(group, t)}
        </Typography>
        {prompt.IsDefault && (
          <Chip
            size="small"
            color="info"
            variant="outlined"
            label={t('aiAnalytics.prompts.default')}
            data-testid="prompt-default"
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {prompt.UpdatedAt && (
          <Typography variant="caption" color="text.secondary">
            {t('aiAnalytics.prompts.updated', {
              by: prompt.UpdatedBy ?? '',
              at: formatDate(prompt.UpdatedAt, locale, true),
            })}
          </Typography>
        )}
      </Stack>
      <Controller
        control={control}
        name="Prompt"
        render={({ field, fieldState }) => (
          <TextField
            fullWidth
            multiline
            minRows={4}
            maxRows={16}
            name={field.name}
            label={t('aiAnalytics.prompts.prompt')}
            value={field.value ?? ''}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.value)}
            inputRef={(el: HTMLTextAreaElement | null) => {
              input.current = el;
              field.ref(el);
            }}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ?? t('aiAnalytics.prompts.length', { n: text.length, max: MAX_PROMPT })
            }
            slotProps={{
              htmlInput: { dir: 'auto', maxLength: MAX_PROMPT, 'data-testid': 'prompt-text' },
              formHelperText: { 'data-testid': 'prompt-help' } as object,
            }}
          />
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 0.5 }}>
        {t('aiAnalytics.prompts.placeholders')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} dir="ltr" data-testid="placeholder-chips">
        {ANALYSIS_PLACEHOLDERS.map((n) => (
          <Chip
            key={n}
            size="small"
            variant="outlined"
            label={`{{${n}}}`}
            onClick={() => insert(n)}
            data-testid="placeholder-chip"
            data-name={n}
          />
        ))}
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button
          variant="contained"
          disabled={!formState.isDirty || formState.isSubmitting}
          onClick={() => void save().catch(() => undefined)}
          data-testid="save-prompt"
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

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
      {list.isPending && <LinearProgress aria-label={t('common.loading')} />}
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
