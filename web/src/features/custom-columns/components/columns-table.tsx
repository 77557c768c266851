import Edit from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { HistoryButton } from '../../../components/history/history-button';
import { ArchiveRestoreButtons } from '../../../components/ui/archive-restore-buttons';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import type { CustomColumn } from '../api/custom-columns-api';

interface RowActions {
  edit: (c: CustomColumn) => void;
  archive: (c: CustomColumn) => unknown;
  restore: (c: CustomColumn) => unknown;
}

/** The columns of one view (active or archived) shown under the scope filter, with what each row offers. */
export function ColumnsTable({
  visible,
  loading,
  empty,
  archived,
  canArchive,
  actions,
}: {
  visible: CustomColumn[];
  loading: boolean;
  empty: boolean;
  archived: boolean;
  canArchive: boolean;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('menu.customColumns')} data-testid="columns-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.fields.Name')}</TableCell>
            <TableCell>{t('customColumns.fields.Scope')}</TableCell>
            <TableCell>{t('customColumns.fields.Format')}</TableCell>
            <TableCell>{t('customColumns.fields.Formula')}</TableCell>
            <TableCell>{t('accounts.fields.updatedAt')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={6}
            loading={loading}
            empty={empty}
            emptyText={archived ? t('customColumns.emptyArchived') : t('customColumns.empty')}
            emptyTestId="columns-empty"
          />
          {visible.map((c) => (
            <ColumnRow key={c.ID} c={c} canArchive={canArchive} actions={actions} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ColumnRow({ c, canArchive, actions }: { c: CustomColumn; canArchive: boolean; actions: RowActions }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableRow hover data-testid="column-row">
      <TableCell>{c.Name}</TableCell>
      <TableCell>{t(`customColumns.scopes.${c.Scope}`)}</TableCell>
      <TableCell>{t(`customColumns.formats.${c.Format}`)}</TableCell>
      <TableCell>
        <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
          {c.Formula}
        </Box>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.updatedAt, locale)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {c.Status === 'Active' && (
          <IconButton
            size="small"
            title={t('common.edit')}
            aria-label={`${t('common.edit')} ${c.Name}`}
            onClick={() => actions.edit(c)}
          >
            <Edit fontSize="small" />
          </IconButton>
        )}
        <ArchiveRestoreButtons
          status={c.Status}
          name={c.Name}
          canArchive={canArchive}
          onArchive={() => actions.archive(c)}
          onRestore={() => actions.restore(c)}
        />
        <HistoryButton entity="customColumn" id={c.ID} fields="customColumns.fields" label={c.Name} />
      </TableCell>
    </TableRow>
  );
}
