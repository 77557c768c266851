import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { FlowGrain } from '@server/shared/flowchart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useMainAccount } from '../../../lib/account-context';
import { useSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { saveFile, XLSX_TYPE } from '../../../lib/save-file';
import { flowQueries } from '../api/flowchart-queries';
import { browserToday, flowOfVersion, GROUP_LABEL_KEYS, type FlowGroupBy } from '../model/flow-view';
import { FlowchartTable } from './flowchart-table';

interface Props {
  accountId: number;
  activityId: number;
  versionId: number;
}

const NO_TYPES: never[] = [];

/** The flowchart of one plan version: months or weeks, grouped by channel group or type, and its Excel file. */
export function FlowchartScreen({ accountId, activityId, versionId }: Props) {
  const { t } = useTranslation();
  const { locale, rtl } = useLocaleAndDirection();
  const [grain, setGrain] = useState<FlowGrain>('month');
  const [groupBy, setGroupBy] = useState<FlowGroupBy>('channelGroup');
  const [exportError, setExportError] = useState(false);
  const info = useQuery(flowQueries.info(accountId, versionId));
  const types = useQuery(flowQueries.channelTypes(accountId));
  const account = useMainAccount(accountId);
  // Vendors are staff's (GetVendorsList): a client user's flowchart has no vendor grouping.
  const staff = isStaff(useSession()?.profile);
  const vendors = useQuery({ ...flowQueries.vendors(), enabled: staff && groupBy === 'vendor' });
  const vendorNames = useMemo(() => new Map((vendors.data ?? []).map((v) => [v.ID, v.Name])), [vendors.data]);
  const channelTypes = types.data?.Items ?? NO_TYPES;
  const today = useMemo(() => browserToday(), []);
  const chart = useMemo(
    () =>
      info.data &&
      flowOfVersion(info.data, {
        grain,
        groupBy,
        today,
        channelTypes,
        groupLabel: (g) => t(GROUP_LABEL_KEYS[g] ?? GROUP_LABEL_KEYS.Other),
        vendorNames,
        noVendor: t('flowchart.noVendor'),
      }),
    [info.data, grain, groupBy, today, channelTypes, vendorNames, t],
  );

  if (info.error) return <LoadError error={info.error} onReload={() => void info.refetch()} />;
  // The channel groups come from the account's channel types: wait for them (a failure groups as "Other").
  if (!info.data || (types.isPending && groupBy === 'channelGroup') || (vendors.isLoading && groupBy === 'vendor'))
    return <Loader />;
  const v = info.data;

  const doExport = async () => {
    if (!chart) return;
    setExportError(false);
    try {
      const x = await import('./flowchart-export');
      const bytes = x.flowchartXlsx({
        chart,
        locale,
        rightToLeft: rtl,
        plan: v.Name,
        account: account.data ? (account.data.SubAccountName ?? account.data.Name) : `#${accountId}`,
        version: v.Version,
        currency: v.CurrencyCode,
        labels: {
          sheet: t('flowchart.sheet'),
          plan: t('flowchart.plan'),
          account: t('flowchart.account'),
          version: t('flowchart.version'),
          currency: t('flowchart.currency'),
          line: t('flowchart.line'),
          total: t('flowchart.total'),
          today: t('flowchart.today'),
        },
      });
      saveFile(
        new Blob([bytes as BlobPart], { type: XLSX_TYPE }),
        `${v.Name} - ${t('flowchart.sheet')} v${v.Version}.xlsx`,
      );
    } catch {
      setExportError(true);
    }
  };

  return (
    <Box data-testid="flowchart-screen">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h2">
          {v.Name} · {t('flowchart.version')} {v.Version} · {v.CurrencyCode}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={grain}
          onChange={(_, g: FlowGrain | null) => g && setGrain(g)}
          aria-label={t('flowchart.grain')}
        >
          <ToggleButton value="month" data-testid="grain-month">
            {t('flowchart.month')}
          </ToggleButton>
          <ToggleButton value="week" data-testid="grain-week">
            {t('flowchart.week')}
          </ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={groupBy}
          onChange={(_, g: FlowGroupBy | null) => g && setGroupBy(g)}
          aria-label={t('flowchart.groupBy')}
        >
          <ToggleButton value="channelGroup" data-testid="group-channel-group">
            {t('flowchart.byChannelGroup')}
          </ToggleButton>
          <ToggleButton value="channelType" data-testid="group-channel-type">
            {t('flowchart.byChannelType')}
          </ToggleButton>
          {staff && (
            <ToggleButton value="vendor" data-testid="group-vendor">
              {t('flowchart.byVendor')}
            </ToggleButton>
          )}
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="text"
          component={RouterLink}
          to={`/accounts/${accountId}/activities/${activityId}/mediaMix/list?version=${versionId}`}
        >
          {t('flowchart.back')}
        </Button>
        <Button variant="outlined" onClick={() => void doExport()} disabled={!chart} data-testid="export-flowchart">
          {t('flowchart.export')}
        </Button>
      </Stack>
      {exportError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('flowchart.exportFailed')}
        </Alert>
      )}
      {!chart ? (
        <Alert severity="warning">{t('flowchart.badLines')}</Alert>
      ) : chart.groups.length === 0 ? (
        <Typography color="text.secondary">{t('flowchart.noLines')}</Typography>
      ) : (
        <FlowchartTable chart={chart} locale={locale} version={v.Version} />
      )}
    </Box>
  );
}
