import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { CURRENCY_SIGNS } from '../../../lib/format';
import { NumberTextField } from '../../../lib/forms/number-text-field';
import { planQueries } from '../api/plan-queries';
import { cleanNumber, MAX_LINE_BUDGET } from '../model/line-form';
import { ProgressBar } from '../../../components/ui/progress-bar';

/** A total budget: more than 0, at most 2 decimals (the API's amount). */
export function validateTotalBudget(text: string): string | null {
  const v = cleanNumber(text);
  if (!/^\d+(\.\d{1,2})?$/.test(v) || Number(v) <= 0 || Number(v) > MAX_LINE_BUDGET)
    return 'mediaPlan.validation.totalBudget';
  return null;
}

export interface TemplateDialogProps {
  scope: number;
  currency: 1 | 2;
  /** Suggested total (the activity's budget). */
  suggested?: number;
  /** Resolves when applied (the dialog closes); rejects to keep it open (the screen showed the error). */
  onApply: (templateId: number, totalBudget: number) => Promise<void>;
  onClose: () => void;
}

/** "Apply template": a company template and the total budget to spread over its lines (ApplyTemplate). */
export function TemplateDialog({ scope, currency, suggested, onApply, onClose }: TemplateDialogProps) {
  const { t } = useTranslation();
  const list = useQuery(planQueries.templates(scope));
  const [templateId, setTemplateId] = useState('');
  const [budget, setBudget] = useState(suggested && suggested > 0 ? String(suggested) : '');
  const [errors, setErrors] = useState<{ templateId?: string; budget?: string }>({});
  const templates = list.data?.Items ?? [];

  const submit = () => {
    const found = {
      templateId: templateId ? undefined : 'validation.required',
      budget: validateTotalBudget(budget) ?? undefined,
    };
    setErrors(found);
    if (found.templateId || found.budget) return undefined;
    return onApply(Number(templateId), Number(cleanNumber(budget)));
  };

  return (
    <FormDialog
      id="template-dialog"
      title={t('mediaPlan.template.title')}
      maxWidth="xs"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('mediaPlan.template.apply')}
      submitDisabled={templates.length === 0}
    >
      {list.isPending && <ProgressBar label={t('common.loading')} />}
      {list.isError && <Alert severity="error">{list.error.message || t('errors.loadFailed')}</Alert>}
      {list.isSuccess && templates.length === 0 && (
        <Alert severity="info" data-testid="no-templates">
          {t('mediaPlan.template.none')}
        </Alert>
      )}
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          fullWidth
          required
          name="templateId"
          label={t('mediaPlan.template.template')}
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          error={!!errors.templateId}
          helperText={errors.templateId ? t(errors.templateId) : ' '}
          disabled={templates.length === 0}
        >
          {templates.map((tp) => (
            <MenuItem
              key={tp.ID}
              value={String(tp.ID)}
            >{`${tp.Name} (${t('mediaPlan.template.lineCount', { n: tp.LineCount })})`}</MenuItem>
          ))}
        </TextField>
        <NumberTextField
          fullWidth
          required
          name="totalBudget"
          label={t('mediaPlan.template.totalBudget')}
          value={budget}
          onValue={setBudget}
          error={!!errors.budget}
          helperText={errors.budget ? t(errors.budget) : t('mediaPlan.template.hint')}
          slotProps={{
            htmlInput: { inputMode: 'decimal', dir: 'ltr' },
            input: { startAdornment: <InputAdornment position="start">{CURRENCY_SIGNS[currency]}</InputAdornment> },
          }}
        />
      </Stack>
    </FormDialog>
  );
}

export interface TextDialogProps {
  title: string;
  label: string;
  confirmLabel: string;
  destructive?: boolean;
  maxLength?: number;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}

/** A required reason or comment (reject a plan, a client declines one). */
export function TextDialog({
  title,
  label,
  confirmLabel,
  destructive,
  maxLength = 1000,
  onSubmit,
  onClose,
}: TextDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const v = text.trim();
    const err = !v ? 'validation.required' : v.length > maxLength ? 'validation.tooLong' : null;
    setError(err);
    if (err) return undefined;
    return onSubmit(v);
  };
  return (
    <FormDialog
      id="text-dialog"
      title={title}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={confirmLabel}
      destructive={destructive}
    >
      <TextField
        fullWidth
        required
        multiline
        minRows={3}
        autoFocus
        name="reason"
        label={label}
        value={text}
        sx={{ mt: 1 }}
        onChange={(e) => setText(e.target.value)}
        error={!!error}
        helperText={error ? t(error) : ' '}
      />
    </FormDialog>
  );
}
