import Alert from '@mui/material/Alert';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { CURRENCY_SIGNS, formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { fetchConfigurations, saveConfigurations, type CompanyConfiguration } from '../api/configurations-api';
import {
  formFromConfiguration, LOCALES, timeZones, toPayload, validateConfigurations, type ConfigurationsErrors, type ConfigurationsForm,
} from './configurations-form';

type TextKey = 'VatPct' | 'ImageSubmitFee' | 'VideoSubmitFee' | 'SetupFee' | 'MaxImageMb' | 'MaxVideoMb' | 'PacingLow' | 'PacingHigh';
const UNITS: Record<TextKey, string> = { VatPct: '%', ImageSubmitFee: '', VideoSubmitFee: '', SetupFee: '', MaxImageMb: 'MB', MaxVideoMb: 'MB', PacingLow: '%', PacingHigh: '%' };

/** /agentSettings/configurations (GeneralSettings): the company's system configuration (DOMAIN.md §2). */
export function ConfigurationsScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const { show } = useSnackbar();
  const showError = useApiError();
  const [saved, setSaved] = useState<CompanyConfiguration | null>(null);
  const [form, setForm] = useState<ConfigurationsForm | null>(null);
  const [errors, setErrors] = useState<ConfigurationsErrors>({});
  const [loadError, setLoadError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoadError(null);
    fetchConfigurations(ctrl.signal).then(
      (c) => { setSaved(c); setForm(formFromConfiguration(c)); setErrors({}); },
      (err) => { if (!ctrl.signal.aborted) setLoadError(err); },
    );
    return () => ctrl.abort();
  }, [round]);

  if (!form) {
    return (
      <Paper sx={{ p: 2 }}>
        {loadError != null
          ? <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>{t('common.reload')}</Button>}>{(loadError as Error).message || t('errors.loadFailed')}</Alert>
          : <LinearProgress aria-label={t('common.loading')} />}
      </Paper>
    );
  }

  const set = <K extends keyof ConfigurationsForm>(k: K, v: ConfigurationsForm[K]) => {
    const next = { ...form, [k]: v };
    setForm(next);
    if (Object.keys(errors).length) setErrors(validateConfigurations(next));
  };
  const dirty = !!saved && JSON.stringify(form) !== JSON.stringify(formFromConfiguration(saved));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateConfigurations(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const after = await saveConfigurations(toPayload(form));
      setSaved(after);
      setForm(formFromConfiguration(after));
      show({ message: t('snackbar.saved') });
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed'), reload });
    } finally {
      setBusy(false);
    }
  };

  const field = (k: TextKey, hint?: string) => (
    <TextField fullWidth name={k} label={t(`configurations.fields.${k}`)} value={form[k]}
      onChange={(e) => set(k, e.target.value)} onBlur={() => setErrors(validateConfigurations(form))}
      error={!!errors[k]} helperText={errors[k] ? t(errors[k] as string) : hint ?? ' '}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
        input: UNITS[k] ? { endAdornment: <InputAdornment position="end">{UNITS[k]}</InputAdornment> } : undefined,
      }} />
  );
  const section = (title: string, children: ReactNode) => (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>{title}</Typography>
      <Grid container spacing={2}>{children}</Grid>
    </Box>
  );

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="form" onSubmit={submit} noValidate data-testid="configurations-form">
      {section(t('configurations.sections.fees'), <>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('VatPct')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('ImageSubmitFee', t('configurations.hints.currency'))}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('VideoSubmitFee', t('configurations.hints.currency'))}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('SetupFee', t('configurations.hints.currency'))}</Grid>
      </>)}
      {section(t('configurations.sections.uploads'), <>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('MaxImageMb')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('MaxVideoMb')}</Grid>
      </>)}
      {section(t('configurations.sections.pacing'), <>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('PacingLow', t('configurations.hints.pacing'))}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('PacingHigh', t('configurations.hints.pacing'))}</Grid>
      </>)}
      {section(t('configurations.sections.defaults'), <>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField select fullWidth name="DefaultLocale" label={t('configurations.fields.DefaultLocale')} value={form.DefaultLocale}
            onChange={(e) => set('DefaultLocale', e.target.value)} helperText=" ">
            {LOCALES.map((l) => <MenuItem key={l} value={l}>{t(`language.names.${l}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField select fullWidth name="DefaultCurrency" label={t('configurations.fields.DefaultCurrency')} value={form.DefaultCurrency}
            onChange={(e) => set('DefaultCurrency', Number(e.target.value) as 1 | 2)} helperText=" ">
            {[2, 1].map((c) => <MenuItem key={c} value={c}>{`${CURRENCY_SIGNS[c]} ${t(`accounts.currency.${c}`)}`}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField select fullWidth name="TimeZone" label={t('configurations.fields.TimeZone')} value={form.TimeZone}
            onChange={(e) => set('TimeZone', e.target.value)} error={!!errors.TimeZone}
            helperText={errors.TimeZone ? t(errors.TimeZone) : t('configurations.hints.timeZone')}>
            {[...new Set([form.TimeZone, ...timeZones()])].map((z) => <MenuItem key={z} value={z}>{z}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={12}>
          <FormControlLabel control={<Switch name="RequireMfa" checked={form.RequireMfa} onChange={(e) => set('RequireMfa', e.target.checked)} />}
            label={t('configurations.fields.RequireMfa')} />
        </Grid>
        <Grid size={12}>
          <FormControlLabel control={<Switch name="ApproverMustDifferFromSubmitter" checked={form.ApproverMustDifferFromSubmitter}
            onChange={(e) => set('ApproverMustDifferFromSubmitter', e.target.checked)} />}
            label={t('configurations.fields.ApproverMustDifferFromSubmitter')} />
        </Grid>
      </>)}
      <Divider sx={{ mb: 2 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="configurations-saved">
          {saved?.updatedAt ? t('configurations.lastSaved', { by: saved.updatedBy ?? '', at: formatDate(saved.updatedAt, locale, true) }) : t('configurations.defaults')}
        </Typography>
        <Button disabled={busy || !dirty} onClick={() => { if (saved) { setForm(formFromConfiguration(saved)); setErrors({}); } }}>{t('configurations.revert')}</Button>
        <Button type="submit" variant="contained" disabled={busy}>{t('common.save')}</Button>
      </Stack>
    </Paper>
  );
}
