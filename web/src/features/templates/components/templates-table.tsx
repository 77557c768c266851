import Edit from '@mui/icons-material/EditOutlined';
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
import type { TemplateSummary } from '../api/templates-api';

interface RowActions {
  open: (id: number) => unknown;
  archive: (tpl: TemplateSummary) => unknown;
  restore: (tpl: TemplateSummary) => unknown;
}

/** The templates of one view (active or archived) with what each row offers. */
export function TemplatesTable({
  rows,
  loading,
  empty,
  archived,
  canArchive,
  opening,
  actions,
}: {
  rows: TemplateSummary[];
  loading: boolean;
  empty: boolean;
  archived: boolean;
  canArchive: boolean;
  opening: boolean;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('menu.templates')} data-testid="templates-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.fields.Name')}</TableCell>
            <TableCell>{t('templates.fields.Description')}</TableCell>
            <TableCell align="right">{t('templates.fields.LineCount')}</TableCell>
            <TableCell>{t('accounts.fields.updatedAt')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={5}
            loading={loading}
            empty={empty}
            emptyText={archived ? t('templates.emptyArchived') : t('templates.empty')}
            emptyTestId="templates-empty"
          />
          {rows.map((tpl) => (
            <TemplateRow key={tpl.ID} tpl={tpl} canArchive={canArchive} opening={opening} actions={actions} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TemplateRow({
  tpl,
  canArchive,
  opening,
  actions,
}: {
  tpl: TemplateSummary;
  canArchive: boolean;
  opening: boolean;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableRow hover data-testid="template-row">
      <TableCell>{tpl.Name}</TableCell>
      <TableCell sx={{ color: 'text.secondary' }}>{tpl.Description}</TableCell>
      <TableCell align="right">{tpl.LineCount}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(tpl.updatedAt, locale)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {tpl.Status === 'Active' && (
          <IconButton
            size="small"
            title={t('common.edit')}
            aria-label={`${t('common.edit')} ${tpl.Name}`}
            disabled={opening}
            onClick={() => actions.open(tpl.ID)}
          >
            <Edit fontSize="small" />
          </IconButton>
        )}
        <ArchiveRestoreButtons
          status={tpl.Status}
          name={tpl.Name}
          canArchive={canArchive}
          onArchive={() => actions.archive(tpl)}
          onRestore={() => actions.restore(tpl)}
        />
        <HistoryButton entity="template" id={tpl.ID} fields="templates.fields" label={tpl.Name} />
      </TableCell>
    </TableRow>
  );
}
