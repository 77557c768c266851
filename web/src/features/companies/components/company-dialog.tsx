import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_LOCALES, createCompanyInput } from '@server/modules/companies/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { toPayload, type CompanyForm } from './company-form';

/** Checked by CreateCompany's own schema: the API and the dialog refuse the same inputs with the same reasons. */
export const COMPANY_FORM: RouteForm<CompanyForm, typeof createCompanyInput> = {
  schema: createCompanyInput,
  toInput: toPayload,
  inputKey: 'company',
};

/** A new agency: its name, its first Admin (invited by e-mail), its time zone and starting language. */
export function CompanyDialog({
  initial,
  onSave,
  onClose,
}: {
  initial: CompanyForm;
  onSave: (f: CompanyForm) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labelOf = useCallback((field: string) => t(`companies.fields.${field}`), [t]);
  const { control, submitWith } = useRouteForm(COMPANY_FORM, { defaultValues: initial, labelOf });
  const ltr = { htmlInput: { dir: 'ltr', spellCheck: false } };

  return (
    <FormDialog
      id="company-dialog"
      title={t('companies.dialog.title')}
      maxWidth="sm"
      submitLabel={t('companies.actions.create')}
      onSubmit={submitWith(onSave)}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField control={control} fullWidth required autoFocus name="name" label={labelOf('name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            fullWidth
            required
            name="adminEmail"
            label={labelOf('adminEmail')}
            type="email"
            slotProps={ltr}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} fullWidth required name="adminName" label={labelOf('adminName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            fullWidth
            name="timeZone"
            label={labelOf('timeZone')}
            helperText={t('companies.dialog.timeZoneHint')}
            slotProps={ltr}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} select fullWidth name="defaultLocale" label={labelOf('defaultLocale')}>
            {COMPANY_LOCALES.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`language.names.${l}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
      <p style={{ marginBottom: 0 }}>{t('companies.dialog.inviteNote')}</p>
    </FormDialog>
  );
}
