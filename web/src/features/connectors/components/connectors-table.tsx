import Add from '@mui/icons-material/Add';
import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';

/**
 * The frame of the connections screen and the account's links screen: the create button (off while
 * there is nothing to create from), the list's load error, the table under its headers (the last
 * column the row actions) with its loading and empty rows, then the screen's dialogs.
 */
export function ConnectorsTable({
  create,
  list,
  label,
  testId,
  headers,
  empty,
  rows,
  children,
}: {
  create: { label: string; testId: string; disabled: boolean; onClick: () => void };
  list: { isPending: boolean; error: unknown; reload: () => void; count: number };
  label: string;
  testId: string;
  /** The column headers before the actions column. */
  headers: readonly string[];
  empty: { text: string; testId: string };
  rows: ReactNode;
  /** The dialogs. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ mb: 2 }}>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={create.onClick}
          disabled={create.disabled}
          data-testid={create.testId}
        >
          {create.label}
        </Button>
      </Stack>
      <LoadError error={list.error} onReload={list.reload} />
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            {headers.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={headers.length + 1}
            loading={list.isPending}
            empty={!list.isPending && !list.error && list.count === 0}
            emptyText={empty.text}
            emptyTestId={empty.testId}
          />
          {rows}
        </TableBody>
      </Table>
      {children}
    </Paper>
  );
}

/** A row's last buttons: edit and archive (unlink), named after the row. */
export function EditArchiveButtons({
  name,
  onEdit,
  onArchive,
}: {
  name: string;
  onEdit: () => void;
  onArchive: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton size="small" title={t('common.edit')} aria-label={`${t('common.edit')} ${name}`} onClick={onEdit}>
        <Edit fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('accounts.actions.archive')}
        aria-label={`${t('accounts.actions.archive')} ${name}`}
        onClick={onArchive}
      >
        <Archive fontSize="small" />
      </IconButton>
    </>
  );
}
