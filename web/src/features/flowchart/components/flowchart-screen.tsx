import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { exportLanguageOf } from '@server/shared/export-language';
import type { FlowGrain } from '@server/shared/flowchart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useMainAccount } from '../../../lib/account-context';
import { useSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { saveFile, XLSX_TYPE } from '../../../lib/save-file';
import { flowQueries, versionFlowchartPdf } from '../api/flowchart-queries';
import { browserToday, flowOfVersion, GROUP_LABEL_KEYS, type FlowGroupBy } from '../model/flow-view';
import { FlowchartTable } from './flowchart-table';
import { FlowchartToolbar } from './flowchart-toolbar';
import { sheetLabels } from './sheet-labels';

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

  const accountName = account.data ? (account.data.SubAccountName ?? account.data.Name) : `#${accountId}`;
  const doExport = async () =>
    !!chart && saveFlowchartXlsx({ chart, locale, rightToLeft: rtl, version: v, account: accountName, t });

  return (
    <Box data-testid="flowchart-screen">
      <FlowchartToolbar
        heading={`${v.Name} · ${t('flowchart.version')} ${v.Version} · ${v.CurrencyCode}`}
        grain={grain}
        onGrain={setGrain}
        groupBy={groupBy}
        onGroupBy={setGroupBy}
        byVendor={staff}
        back={{
          to: `/accounts/${accountId}/activities/${activityId}/mediaMix/list?version=${versionId}`,
          label: t('flowchart.back'),
        }}
        canExport={!!chart}
        onExcel={doExport}
        pdf={() => versionFlowchartPdf(accountId, versionId, { language: exportLanguageOf(locale), grain, groupBy })}
      />
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

/** The flowchart's Excel file, saved; false when it could not be made. */
async function saveFlowchartXlsx(o: {
  chart: NonNullable<ReturnType<typeof flowOfVersion>>;
  locale: string;
  rightToLeft: boolean;
  version: { Name: string; Version: number; CurrencyCode: string };
  account: string;
  t: TFunction;
}): Promise<boolean> {
  const { chart, locale, rightToLeft, version: v, account, t } = o;
  try {
    const x = await import('./flowchart-export');
    const bytes = x.flowchartXlsx({
      chart,
      locale,
      rightToLeft,
      plan: v.Name,
      account,
      version: v.Version,
      currency: v.CurrencyCode,
      labels: sheetLabels(t),
    });
    saveFile(
      new Blob([bytes as BlobPart], { type: XLSX_TYPE }),
      `${v.Name} - ${t('flowchart.sheet')} v${v.Version}.xlsx`,
    );
    return true;
  } catch {
    return false;
  }
}
