import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DIGEST_FREQUENCIES, pacingDigestSetting } from '@server/modules/pacing-digest/schemas';
import { isLocale } from '@server/shared/locales';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useApiMutation } from '../../../lib/api-mutation';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { numberInput } from '../../../lib/forms/number-input';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { digestSettingQuery, saveDigestSetting, type PacingDigestSettingView } from '../api/pacing-digest';

interface DigestForm {
  frequency: (typeof DIGEST_FREQUENCIES)[number];
  lower: string;
  upper: string;
  language: string;
}

/** Checked by SavePacingDigestSetting's own schema: lower 1–99, upper 101–500. */
export const DIGEST_FORM: RouteForm<DigestForm, typeof pacingDigestSetting> = {
  schema: pacingDigestSetting,
  toInput: (v) => ({
    frequency: v.frequency,
    lower: numberInput(v.lower) as number,
    upper: numberInput(v.upper) as number,
    ...(isLocale(v.language) ? { language: v.language } : {}),
  }),
  inputKey: 'setting',
};

const READS = [['NotificationsService', 'GetPacingDigestSetting']] as const;

/**
 * The pacing digest (docs/notifications.md "Pacing digest"): off, a daily or a weekly mail of the
 * live activities the user owns or approved that pace outside their thresholds. The mail is in
 * the console's language at the time of saving.
 */
export function PacingDigestCard() {
  const { t } = useTranslation();
  const q = useQuery(digestSettingQuery());
  return (
    <Card>
      <CardHeader title={t('profile.digest.title')} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.digest.explain')}
        </Typography>
        {q.data ? (
          <DigestSettingForm current={q.data} />
        ) : (
          <Typography color={q.isError ? 'error' : 'text.secondary'}>
            {t(q.isError ? 'profile.digest.loadError' : 'profile.digest.loading')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function DigestSettingForm({ current }: { current: PacingDigestSettingView }) {
  const { t, i18n } = useTranslation();
  const { show } = useSnackbar();
  const showError = useApiError();
  const save = useApiMutation(saveDigestSetting, READS);
  const labelOf = useCallback((field: string) => t(`profile.digest.fields.${field}`), [t]);
  const form = useRouteForm(DIGEST_FORM, {
    defaultValues: {
      frequency: current.Frequency,
      lower: String(current.Lower),
      upper: String(current.Upper),
      language: i18n.language,
    },
    labelOf,
  });
  const { control, submitWith } = form;
  const onSubmit = () =>
    submitWith(async (values) => {
      await save.mutateAsync(DIGEST_FORM.toInput({ ...values, language: i18n.language }));
      show({ severity: 'success', message: t('profile.digest.saved') });
    })().catch((err: unknown) => showError(err));

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void onSubmit())}>
      <FormTextField control={control} select name="frequency" label={labelOf('frequency')}>
        {DIGEST_FREQUENCIES.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`profile.digest.frequencies.${f}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <Stack direction="row" spacing={2}>
        <FormNumberField control={control} name="lower" label={labelOf('lower')} />
        <FormNumberField control={control} name="upper" label={labelOf('upper')} />
      </Stack>
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="digest-save">
          {t('profile.digest.save')}
        </Button>
      </div>
    </Stack>
  );
}
