import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HistoryButton } from '../../../components/history/history-button';
import { BACKFILL_DAYS, RESTATEMENT_DAYS, SYNC_HOUR, type SyncBound } from '@server/shared/sync-limits';
import { useSession } from '../../../lib/auth';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { CURRENCY_SIGNS, formatDate } from '../../../lib/format';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { CompanyConfiguration } from '../api/configurations-api';
import { LOCALES, timeZones, type ConfigurationsForm } from './configurations-form';

export type TextKey =
  | 'VatPct'
  | 'ImageSubmitFee'
  | 'VideoSubmitFee'
  | 'SetupFee'
  | 'MaxImageMb'
  | 'MaxVideoMb'
  | 'PacingLow'
  | 'PacingHigh'
  | 'RestatementDays'
  | 'BackfillDays'
  | 'BillTolerancePct'
  | 'MissingBillDays';
export type Toggle = 'RequireMfa' | 'ApproverMustDifferFromSubmitter';
const UNITS: Record<TextKey, string> = {
  VatPct: '%',
  ImageSubmitFee: '',
  VideoSubmitFee: '',
  SetupFee: '',
  MaxImageMb: 'MB',
  MaxVideoMb: 'MB',
  PacingLow: '%',
  PacingHigh: '%',
  RestatementDays: '',
  BackfillDays: '',
  BillTolerancePct: '%',
  MissingBillDays: '',
};

interface FieldProps {
  control: Control<ConfigurationsForm>;
  labelOf: (field: string) => string;
}

/** A titled group of fields in a grid. */
export function ConfigSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

/** A number typed left to right, with its unit (`unit`: a word in the user's language) at the end. */
export function NumberField({
  control,
  labelOf,
  k,
  hint,
  unit = UNITS[k],
}: FieldProps & { k: TextKey; hint?: string; unit?: string }) {
  return (
    <FormNumberField
      control={control}
      fullWidth
      name={k}
      label={labelOf(k)}
      helperText={hint}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

export function ToggleField({ control, labelOf, k }: FieldProps & { k: Toggle }) {
  return (
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
}

const HOURS = Array.from({ length: SYNC_HOUR.max - SYNC_HOUR.min + 1 }, (_, i) => SYNC_HOUR.min + i);

/** The hour of the company's day the daily sync starts, as 00:00 … 23:00. */
export function SyncHourField({ control, labelOf }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      select
      fullWidth
      name="SyncHour"
      label={labelOf('SyncHour')}
      helperText={t('configurations.hints.syncHour')}
      parse={Number}
    >
      {HOURS.map((h) => (
        <MenuItem key={h} value={h} dir="ltr">{`${String(h).padStart(2, '0')}:00`}</MenuItem>
      ))}
    </FormTextField>
  );
}

/** A sync setting's bounds, for its hint. */
const range = (b: SyncBound) => ({ low: b.min, high: b.max });

/** The daily sync: its hour, the days restated at each sync and the days a first sync reads. */
export function SyncFields(f: FieldProps) {
  const { t } = useTranslation();
  const days = t('configurations.units.days');
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <SyncHourField {...f} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <NumberField
          {...f}
          k="RestatementDays"
          unit={days}
          hint={t('configurations.hints.restatementDays', range(RESTATEMENT_DAYS))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <NumberField
          {...f}
          k="BackfillDays"
          unit={days}
          hint={t('configurations.hints.backfillDays', range(BACKFILL_DAYS))}
        />
      </Grid>
    </>
  );
}

/** The company's default language, currency and time zone (the one saved stays listed). */
export function DefaultsFields({ control, labelOf }: FieldProps) {
  const { t } = useTranslation();
  const timeZone = useWatch({ control, name: 'TimeZone' });
  return (
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
    </>
  );
}

/** Who saved the configuration last and when, its History, Revert and Save. */
export function ConfigurationsFooter({
  saved,
  busy,
  isDirty,
  onRevert,
}: {
  saved: CompanyConfiguration;
  busy: boolean;
  isDirty: boolean;
  onRevert: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  // The configuration's history is audited under the company's id (one per company).
  const companyId = useSession()?.profile.Company.ID;
  return (
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
      <Button disabled={busy || !isDirty} onClick={onRevert}>
        {t('configurations.revert')}
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}
