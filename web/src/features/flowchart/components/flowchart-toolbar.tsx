import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { FlowGrain } from '@server/shared/flowchart';
import type { ExportedFile } from '@server/modules/media-plans/replies/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiError } from '../../../components/ui/use-api-error';
import { downloadFile } from '../../../lib/download';
import type { FlowGroupBy } from '../model/flow-view';

interface Props {
  heading: string;
  grain: FlowGrain;
  onGrain: (grain: FlowGrain) => void;
  groupBy: FlowGroupBy;
  onGroupBy: (groupBy: FlowGroupBy) => void;
  /** Grouping by vendor: staff reading a plan (an order is one vendor's). */
  byVendor: boolean;
  back: { to: string; label: string };
  /** False while the chart cannot be drawn: nothing to export. */
  canExport: boolean;
  /** The Excel file, made in the browser (false when it could not be). */
  onExcel: () => Promise<boolean>;
  /** The PDF, made by the server (ExportMediaMixFlowchart / ExportOrderFlowchart). */
  pdf: () => Promise<ExportedFile>;
}

/** The flowchart's title, its toggles (months or weeks, the grouping), the way back, and its Excel and PDF files. */
export function FlowchartToolbar(p: Props) {
  const { t } = useTranslation();
  const showError = useApiError();
  const [excelFailed, setExcelFailed] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const exportPdf = async () => {
    setPdfBusy(true);
    try {
      downloadFile(await p.pdf());
    } catch (err) {
      showError(err, { fallback: t('flowchart.pdfFailed') });
    } finally {
      setPdfBusy(false);
    }
  };
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h2">
          {p.heading}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={p.grain}
          onChange={(_, g: FlowGrain | null) => g && p.onGrain(g)}
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
          value={p.groupBy}
          onChange={(_, g: FlowGroupBy | null) => g && p.onGroupBy(g)}
          aria-label={t('flowchart.groupBy')}
        >
          <ToggleButton value="channelGroup" data-testid="group-channel-group">
            {t('flowchart.byChannelGroup')}
          </ToggleButton>
          <ToggleButton value="channelType" data-testid="group-channel-type">
            {t('flowchart.byChannelType')}
          </ToggleButton>
          {p.byVendor && (
            <ToggleButton value="vendor" data-testid="group-vendor">
              {t('flowchart.byVendor')}
            </ToggleButton>
          )}
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="text" component={RouterLink} to={p.back.to}>
          {p.back.label}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void p.onExcel().then((ok) => setExcelFailed(!ok))}
          disabled={!p.canExport}
          data-testid="export-flowchart"
        >
          {t('flowchart.export')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void exportPdf()}
          disabled={!p.canExport || pdfBusy}
          data-testid="export-flowchart-pdf"
        >
          {t('flowchart.exportPdf')}
        </Button>
      </Stack>
      {excelFailed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('flowchart.exportFailed')}
        </Alert>
      )}
    </>
  );
}
