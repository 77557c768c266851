import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar';

/** The rows a grid shows instead of data: a progress bar while loading, a message when there is nothing to show. */
export function TableStateRows({
  colSpan,
  loading,
  empty,
  emptyText,
  emptyTestId,
}: {
  colSpan: number;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  emptyTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {loading && (
        <TableRow>
          <TableCell colSpan={colSpan} sx={{ py: 3 }}>
            <ProgressBar label={t('common.loading')} />
          </TableCell>
        </TableRow>
      )}
      {empty && (
        <TableRow>
          <TableCell colSpan={colSpan} align="center">
            <Typography color="text.secondary" sx={{ py: 3 }} data-testid={emptyTestId}>
              {emptyText}
            </Typography>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
