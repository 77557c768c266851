import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { REQUIRES } from '@server/shared/policy';
import type { CompanyConfiguration } from '../api/configurations-api';
import { configurationsQuery, useSaveConfigurations } from '../api/configurations-queries';
import {
  ConfigSection,
  ConfigurationsFooter,
  DefaultsFields,
  NumberField,
  SyncFields,
  ToggleField,
  type TextKey,
  type Toggle,
} from './configuration-fields';
import { CompanyLogoCard } from './company-logo-card';
import { CompanyExportCard } from './company-export-card';
import { CONFIGURATIONS_FORM, formFromConfiguration, toPayload, type ConfigurationsForm } from './configurations-form';
import { ProgressBar } from '../../../components/ui/progress-bar';

/** /agentSettings/configurations (GeneralSettings): the company's system configuration (docs/domain.md); an Admin also sets the logo and exports the company's data here. */
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
  const mayChangeLogo = isAllowed(useSession()?.profile, REQUIRES.admin);

  if (!saved) {
    return (
      <Paper sx={{ p: 2 }}>
        <LoadError error={query.error} onReload={reload} />
        {query.isPending && <ProgressBar label={t('common.loading')} />}
      </Paper>
    );
  }
  // A configuration read (or saved: the mutation puts its reply in the cache) starts the form again from it.
  return (
    <>
      {mayChangeLogo && <CompanyLogoCard />}
      {mayChangeLogo && <CompanyExportCard />}
      <ConfigurationsEditor key={`${round}-${saved.version}-${saved.updatedAt ?? ''}`} saved={saved} reload={reload} />
    </>
  );
}

/** The form of one configuration as read, checked by SaveConfigurations' own schema (CONFIGURATIONS_FORM). */
function ConfigurationsEditor({ saved, reload }: { saved: CompanyConfiguration; reload: () => void }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const showError = useApiError();
  const labelOf = useCallback((field: string) => t(`configurations.fields.${field}`), [t]);
  const {
    control,
    submitWith,
    reset,
    formState: { isDirty },
  } = useRouteForm(CONFIGURATIONS_FORM, { defaultValues: formFromConfiguration(saved), labelOf });
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

  const f = { control, labelOf };
  const field = (k: TextKey, hint?: string) => <NumberField {...f} k={k} hint={hint} />;
  const toggle = (k: Toggle) => <ToggleField {...f} k={k} />;
  const days = t('configurations.units.days');

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="form" onSubmit={submit} noValidate data-testid="configurations-form">
      <ConfigSection title={t('configurations.sections.fees')}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('VatPct')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('ImageSubmitFee', t('configurations.hints.currency'))}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('VideoSubmitFee', t('configurations.hints.currency'))}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('SetupFee', t('configurations.hints.currency'))}</Grid>
      </ConfigSection>
      <ConfigSection title={t('configurations.sections.uploads')}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('MaxImageMb')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('MaxVideoMb')}</Grid>
      </ConfigSection>
      <ConfigSection title={t('configurations.sections.pacing')}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('PacingLow', t('configurations.hints.pacing'))}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('PacingHigh', t('configurations.hints.pacing'))}</Grid>
      </ConfigSection>
      <ConfigSection title={t('configurations.sections.sync')}>
        <SyncFields {...f} />
      </ConfigSection>
      <ConfigSection title={t('configurations.sections.vendorBills')}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          {field('BillTolerancePct', t('configurations.hints.billTolerance'))}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <NumberField {...f} k="MissingBillDays" unit={days} hint={t('configurations.hints.missingBillDays')} />
        </Grid>
      </ConfigSection>
      <ConfigSection title={t('configurations.sections.defaults')}>
        <DefaultsFields {...f} />
        <Grid size={12}>{toggle('RequireMfa')}</Grid>
        <Grid size={12}>{toggle('ApproverMustDifferFromSubmitter')}</Grid>
      </ConfigSection>
      <Divider sx={{ mb: 2 }} />
      <ConfigurationsFooter saved={saved} busy={busy} isDirty={isDirty} onRevert={() => reset()} />
    </Paper>
  );
}
