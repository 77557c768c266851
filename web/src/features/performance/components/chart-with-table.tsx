import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A chart with its table beside it (for screen readers and exact figures), behind a visible "Show table". */
export function ChartWithTable({
  title,
  testId,
  chart,
  table,
}: {
  title: string;
  testId: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Button
          size="small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={tableId}
          data-testid={`${testId}-toggle`}
        >
          {open ? t('performance.charts.hideTable') : t('performance.charts.showTable')}
        </Button>
      </Box>
      {/* The chart is a picture of the table: screen readers read the table. */}
      <Box aria-hidden="true">{chart}</Box>
      <Box id={tableId} hidden={!open}>
        {open && table}
      </Box>
    </Paper>
  );
}
