import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { templateInput } from '@server/modules/templates/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import type { ChannelType } from '../api/templates-api';
import { FULL_SHARE, toPayload, type TemplateForm } from './template-form';
import { LINE_LABELS } from './template-labels';
import { TemplateLinesEditor } from './template-lines-editor';

/**
 * The dialog is checked by the route's own schema (SaveTemplate's `template`) and the domain's rule of
 * the input alone: the shares add up to exactly 100 % (SHARES_NOT_100, lambdas/modules/templates/templates.ts,
 * in hundredths as it adds them). A refused channel type (CHANNEL_TYPE_UNKNOWN / _INACTIVE on
 * template.Lines.N.ChannelTypeId) lands on its line; a name taken on the name.
 */
export const TEMPLATE_FORM: RouteForm<TemplateForm, typeof templateInput> = {
  schema: templateInput,
  toInput: toPayload,
  inputKey: 'template',
  rules: (input) => {
    const total = input.Lines.reduce((sum, l) => sum + Math.round(l.SharePct * 100), 0);
    return total === FULL_SHARE
      ? []
      : [{ path: 'Lines', code: 'SHARES_NOT_100', params: { field: 'Lines', total: total / 100 } }];
  },
  codeFields: { NAME_TAKEN: 'Name' },
};

const LABELS: Record<string, string> = {
  Name: 'accounts.fields.Name',
  Description: 'templates.fields.Description',
  Lines: 'templates.fields.LineCount',
};

export interface TemplateDialogProps {
  initial: TemplateForm;
  catalogue: readonly ChannelType[];
  locale: string;
  /** Resolves when saved (the dialog closes); rejects to keep it open. */
  onSave: (form: TemplateForm) => Promise<void>;
  onClose: () => void;
}

/**
 * Create or edit a template: name, description and lines (channel type, share %, buy type, unit
 * cost, optional fees). The running share total shows under the lines; saving is refused unless it
 * is exactly 100 %.
 */
export function TemplateDialog({ initial, catalogue, locale, onSave, onClose }: TemplateDialogProps) {
  const { t } = useTranslation();
  /** "Share % 2": a line's field with the line's number, as its cell is labelled. */
  const labelOf = useCallback(
    (field: string) => {
      const line = /^Lines\.(\d+)\.(\w+)$/.exec(field);
      if (line) return `${t(LINE_LABELS[line[2]] ?? `templates.fields.${line[2]}`)} ${Number(line[1]) + 1}`;
      return t(LABELS[field] ?? field);
    },
    [t],
  );
  const form = useRouteForm(TEMPLATE_FORM, {
    defaultValues: initial,
    labelOf,
  });
  const { control, submitWith, formState } = form;
  const linesError = formState.errors.Lines?.root?.message ?? formState.errors.Lines?.message;

  return (
    <FormDialog
      id="template-dialog"
      title={t(initial.ID > 0 ? 'templates.dialog.edit' : 'templates.dialog.create')}
      maxWidth="lg"
      onSubmit={submitWith(onSave)}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <FormTextField control={control} fullWidth required autoFocus name="Name" label={labelOf('Name')} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <FormTextField control={control} fullWidth name="Description" label={labelOf('Description')} />
        </Grid>
      </Grid>
      <TemplateLinesEditor form={form} catalogue={catalogue} locale={locale} />
      {linesError && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="share-error">
          {linesError}
        </Alert>
      )}
    </FormDialog>
  );
}
