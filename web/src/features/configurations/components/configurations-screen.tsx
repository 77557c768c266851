import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { CURRENCY_SIGNS, formatDate } from '../../../lib/format';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { LoadError } from '../../../components/ui/load-error';
import type { CompanyConfiguration } from '../api/configurations-api';
import { configurationsQuery, useSaveConfigurations } from '../api/configurations-queries';
import {
  CONFIGURATIONS_FORM,
  formFromConfiguration,
  LOCALES,
  timeZones,
  toPayload,
  type ConfigurationsForm,
} from './configurations-form';
import { HistoryButton } from '../../../components/history/history-button';
import { useSession } from '../../../lib/auth';

type TextKey =
  | 'VatPct'
  | 'ImageSubmitFee'
  | 'VideoSubmitFee'
  | 'SetupFee'
  | 'MaxImageMb'
  | 'MaxVideoMb'
  | 'PacingLow'
  | 'PacingHigh';
type Toggle = 'RequireMfa' | 'ApproverMustDifferFromSubmitter';
const UNITS: Record<TextKey, string> = {
  VatPct: '%',
  ImageSubmitFee: '',
  VideoSubmitFee: '',
  SetupFee: '',
  MaxImageMb: 'MB',
  MaxVideoMb: 'MB',
  PacingLow: '%',
  PacingHigh: '%',
};

/** /agentSettings/configurations (GeneralSettings): the company's system configuration (docs/domain.md). */
export function ConfigurationsScreen() {
  const { t } = useTranslation();
  const query = useQuery(configurationsQuery());
  // Reload starts the form again from the configuration read anew, even when it has not changed.
  const [round, setRound] = useState(0);
  const { refetch } = query;
  const reload = useCallback(() => {
    setRound((r) => r + 1);
    void refetch();
  }, [refetch]);
  const saved = query.data;

  if (!saved) {
    return (
      <Paper sx={{ p: 2 }}>
        <LoadError error={query.error} onReload={reload} />
        {query.isPending && <LinearProgress aria-label={t('common.loading')} />}
      </Paper>
    );
  }
  // A configuration read (or saved: the mutation puts its reply in the cache) starts the form again from it.
  return (
    <ConfigurationsEditor key={`${round}-${saved.version}-${saved.updatedAt ?? ''}`} saved={saved} reload={reload} />
  );
}

/** The form of one configuration as read, checked by SaveConfigurations' own schema (CONFIGURATIONS_FORM). */
function ConfigurationsEditor({ saved, reload }: { saved: CompanyConfiguration; reload: () => void }) {
  const { t } = useTranslation();
  // The configuration's history is audited under the company's id (one per company).
  const companyId = useSession()?.profile.Company.ID;
  const { locale } = useLocaleAndDirection();
  const { show } = useSnackbar();
  const showError = useApiError();
  const labelOf = useCallback((field: string) => t(`configurations.fields.${field}`), [t]);
  const {
    control,
    submitWith,
    reset,
    formState: { isDirty },
  } = useRouteForm(CONFIGURATIONS_FORM, { defaultValues: formFromConfiguration(saved), labelOf });
  const timeZone = useWatch({ control, name: 'TimeZone' });
  const write = useSaveConfigurations();
  const busy = write.isPending;

  const save = async (form: ConfigurationsForm) => {
    try {
      await write.mutateAsync(toPayload(form));
      show({ message: t('snackbar.saved') });
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed'), reload });
      throw err;
    }
  };
  // A refusal was shown (and put on its field); nothing more to do with it here.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    submitWith(save)().catch(() => undefined);
  };

  const field = (k: TextKey, hint?: string) => (
    <FormTextField
      control={control}
      fullWidth
      name={k}
      label={labelOf(k)}
      helperText={hint}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
        input: UNITS[k] ? { endAdornment: <InputAdornment position="end">{UNITS[k]}</InputAdornment> } : undefined,
      }}
    />
  );
  const toggle = (k: Toggle) => (
    <Controller
      control={control}
      name={k}
      render={({ field: f }) => (
        <FormControlLabel
          control={<Switch name={k} checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />}
          label={labelOf(k)}
        />
      )}
    />
  );
  const section = (title: string, children: ReactNode) => (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="form" onSubmit={submit} noValidate data-testid="configurations-form">
      {section(
        t('configurations.sections.fees'),
        <>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('VatPct')}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('ImageSubmitFee', t('configurations.hints.currency'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('VideoSubmitFee', t('configurations.hints.currency'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('SetupFee', t('configurations.hints.currency'))}</Grid>
        </>,
      )}
      {section(
        t('configurations.sections.uploads'),
        <>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('MaxImageMb')}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('MaxVideoMb')}</Grid>
        </>,
      )}
      {section(
        t('configurations.sections.pacing'),
        <>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('PacingLow', t('configurations.hints.pacing'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('PacingHigh', t('configurations.hints.pacing'))}</Grid>
        </>,
      )}
      {section(
        t('configurations.sections.defaults'),
        <>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FormTextField control={control} select fullWidth name="DefaultLocale" label={labelOf('DefaultLocale')}>
              {LOCALES.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`language.names.${l}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FormTextField
              control={control}
              select
              fullWidth
              name="DefaultCurrency"
              label={labelOf('DefaultCurrency')}
              parse={Number}
            >
              {[2, 1].map((c) => (
                <MenuItem key={c} value={c}>{`${CURRENCY_SIGNS[c]} ${t(`accounts.currency.${c}`)}`}</MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FormTextField
              control={control}
              select
              fullWidth
              name="TimeZone"
              label={labelOf('TimeZone')}
              helperText={t('configurations.hints.timeZone')}
            >
              {[...new Set([timeZone, ...timeZones()])].map((z) => (
                <MenuItem key={z} value={z}>
                  {z}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={12}>{toggle('RequireMfa')}</Grid>
          <Grid size={12}>{toggle('ApproverMustDifferFromSubmitter')}</Grid>
        </>,
      )}
      <Divider sx={{ mb: 2 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="configurations-saved">
          {saved.updatedAt
            ? t('configurations.lastSaved', {
                by: saved.updatedBy ?? '',
                at: formatDate(saved.updatedAt, locale, true),
              })
            : t('configurations.defaults')}
        </Typography>
        {companyId !== undefined && (
          <HistoryButton variant="button" entity="configuration" id={companyId} fields="configurations.fields" />
        )}
        <Button disabled={busy || !isDirty} onClick={() => reset()}>
          {t('configurations.revert')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
