import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, type RefObject } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_PLACEHOLDERS } from '@server/shared/analysis-placeholders';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { saveGroupPrompt, type GroupPromptView } from '../api/ai-analytics-api';
import { groupText } from './analysis-text';
import { formOfPrompt, insertPlaceholder, PROMPT_FORM, type PromptForm } from './prompt-form';

const MAX_PROMPT = 4000;

/** One channel group's prompt: the template, the placeholders that insert themselves, Save (this group alone). */
export function PromptRow({
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
      <PromptRowHeader prompt={prompt} />
      <PromptTextField control={control} input={input} length={text.length} />
      <PlaceholderChips onInsert={insert} />
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

function PromptRowHeader({ prompt }: { prompt: GroupPromptView }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {groupText(prompt.ChannelGroup, t)}
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
  );
}

/** The template; its helper text counts the characters until the form has a message for it. */
function PromptTextField({
  control,
  input,
  length,
}: {
  control: Control<PromptForm>;
  input: RefObject<HTMLTextAreaElement | null>;
  length: number;
}) {
  const { t } = useTranslation();
  return (
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
          helperText={fieldState.error?.message ?? t('aiAnalytics.prompts.length', { n: length, max: MAX_PROMPT })}
          slotProps={{
            htmlInput: { dir: 'auto', maxLength: MAX_PROMPT, 'data-testid': 'prompt-text' },
            formHelperText: { 'data-testid': 'prompt-help' } as object,
          }}
        />
      )}
    />
  );
}

/** Each placeholder the analysis fills; a click inserts it at the caret. */
function PlaceholderChips({ onInsert }: { onInsert: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
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
            onClick={() => onInsert(n)}
            data-testid="placeholder-chip"
            data-name={n}
          />
        ))}
      </Stack>
    </>
  );
}
