import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { exportLanguageOf } from '@server/shared/export-language';
import type { FlowGrain } from '@server/shared/flowchart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { saveFile, XLSX_TYPE } from '../../../lib/save-file';
import { flowQueries, orderFlowchartPdf, orderQuery } from '../api/flowchart-queries';
import { browserToday, flowOfOrder, GROUP_LABEL_KEYS, type FlowGroupBy } from '../model/flow-view';
import { FlowchartTable } from './flowchart-table';
import { FlowchartToolbar } from './flowchart-toolbar';
import { sheetLabels } from './sheet-labels';

interface Props {
  accountId: number;
  orderId: number;
}

const NO_TYPES: never[] = [];

/**
 * The flowchart of one order (docs/flowchart.md): its lines × months in the vendor's currency, by
 * month or week, grouped by channel group or type (one vendor: no vendor grouping), with its Excel
 * file and PDF. Reached from the order screen.
 */
export function OrderFlowchartScreen({ accountId, orderId }: Props) {
  const { t } = useTranslation();
  const { locale, rtl } = useLocaleAndDirection();
  const [grain, setGrain] = useState<FlowGrain>('month');
  const [groupBy, setGroupBy] = useState<FlowGroupBy>('channelGroup');
  const order = useQuery(orderQuery(accountId, orderId));
  const types = useQuery(flowQueries.channelTypes(accountId));
  const channelTypes = types.data?.Items ?? NO_TYPES;
  const today = useMemo(() => browserToday(), []);
  const chart = useMemo(
    () =>
      order.data &&
      flowOfOrder(order.data, {
        grain,
        groupBy,
        today,
        channelTypes,
        groupLabel: (g) => t(GROUP_LABEL_KEYS[g] ?? GROUP_LABEL_KEYS.Other),
      }),
    [order.data, grain, groupBy, today, channelTypes, t],
  );

  if (order.error) return <LoadError error={order.error} onReload={() => void order.refetch()} />;
  if (!order.data || (types.isPending && groupBy === 'channelGroup')) return <Loader />;
  const o = order.data;
  const name = t('flowchart.orderName', { id: o.ID });

  const doExport = async () => {
    if (!chart) return false;
    try {
      const x = await import('./flowchart-export');
      const bytes = x.flowchartXlsx({
        chart,
        locale,
        rightToLeft: rtl,
        plan: `${name} · ${o.VendorName}`,
        account: o.AccountName,
        version: o.Version,
        currency: o.CurrencyCode,
        labels: sheetLabels(t, t('flowchart.order')),
      });
      saveFile(
        new Blob([bytes as BlobPart], { type: XLSX_TYPE }),
        `${name} - ${t('flowchart.sheet')} v${o.Version}.xlsx`,
      );
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Box data-testid="order-flowchart-screen">
      <FlowchartToolbar
        heading={`${name} · ${o.VendorName} · ${o.CurrencyCode}`}
        grain={grain}
        onGrain={setGrain}
        groupBy={groupBy}
        onGroupBy={setGroupBy}
        byVendor={false}
        back={{ to: `/orders/${accountId}/${orderId}/detail`, label: t('flowchart.backToOrder') }}
        canExport={!!chart}
        onExcel={doExport}
        pdf={() => orderFlowchartPdf(accountId, orderId, { language: exportLanguageOf(locale), grain, groupBy })}
      />
      {!chart ? (
        <Alert severity="warning">{t('flowchart.badLines')}</Alert>
      ) : chart.groups.length === 0 ? (
        <Typography color="text.secondary">{t('flowchart.noLines')}</Typography>
      ) : (
        <FlowchartTable chart={chart} locale={locale} version={o.Version} orderId={o.ID} />
      )}
    </Box>
  );
}
