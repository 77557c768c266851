import Add from '@mui/icons-material/Add';
import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useSession } from '../../../lib/auth';
import { hasPermission, Permission } from '../../../lib/authorization';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import {
  deleteTemplate, fetchCatalogue, fetchTemplate, fetchTemplates, restoreTemplate, saveTemplate, type ChannelType, type TemplateSummary,
} from '../api/templates-api';
import { emptyTemplateForm, formFromTemplate, toPayload, type TemplateForm } from './template-form';
import { ArchivedViewSelect } from '../../../components/ui/archived-view-select';

const TemplateDialog = lazy(() => import('./template-dialog').then((m) => ({ default: m.TemplateDialog })));

/**
 * /templates/list (GeneralSettings): the company's media-plan templates, edited in a dialog with
 * their lines; deleting archives, and the archived view (for whoever may delete) restores.
 */
export function TemplatesScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const showError = useApiError();
  const run = useConfirmedAction();
  // Deleting and restoring need GeneralSettings (the API's rule), as does the screen's route.
  const session = useSession();
  const canArchive = hasPermission(session?.profile, Permission.GeneralSettings);
  const [rows, setRows] = useState<TemplateSummary[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const [archived, setArchived] = useState(false);
  const [catalogue, setCatalogue] = useState<ChannelType[] | null>(null);
  const [editing, setEditing] = useState<TemplateForm | null>(null);
  const [opening, setOpening] = useState(false);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    fetchTemplates(archived, ctrl.signal).then((r) => setRows(r.Items), (err) => { if (!ctrl.signal.aborted) { setError(err); setRows((x) => x ?? []); } });
    return () => ctrl.abort();
  }, [round, archived]);

  /** The other view's rows load afresh (no actions on rows of the view left). */
  const changeView = (next: boolean) => { setRows(null); setArchived(next); };

  /** The catalogue is read once, when a dialog first needs it. */
  const loadCatalogue = async (): Promise<ChannelType[]> => {
    if (catalogue) return catalogue;
    const items = (await fetchCatalogue()).Items;
    setCatalogue(items);
    return items;
  };

  const open = async (id: number | null) => {
    setOpening(true);
    try {
      const [form] = await Promise.all([id === null ? emptyTemplateForm() : fetchTemplate(id).then(formFromTemplate), loadCatalogue()]);
      setEditing(form);
    } catch (err) {
      showError(err, { fallback: t('errors.loadFailed'), reload });
    } finally {
      setOpening(false);
    }
  };

  const closeAndReload = () => { setEditing(null); reload(); };
  const save = (form: TemplateForm) => run({
    action: () => saveTemplate(toPayload(form)),
    success: t('snackbar.saved'), failure: t('snackbar.saveFailed'), reload: closeAndReload, rethrow: true,
  });

  const archive = (tpl: TemplateSummary) => run({
    confirm: { title: t('templates.confirmArchive.title'), message: t('templates.confirmArchive.message', { name: tpl.Name }), confirmLabel: t('accounts.actions.archive'), destructive: true },
    action: () => deleteTemplate(tpl.ID),
    success: t('snackbar.deleted'), failure: t('snackbar.deleteFailed'), reload,
  });

  const restore = (tpl: TemplateSummary) => run({
    confirm: { title: t('templates.confirmRestore.title'), message: t('templates.confirmRestore.message', { name: tpl.Name }), confirmLabel: t('accounts.actions.restore') },
    action: () => restoreTemplate(tpl.ID),
    success: t('templates.restored'), failure: t('templates.restoreFailed'), reload,
  });

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        {canArchive && (
          <ArchivedViewSelect archived={archived} onChange={changeView} />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!archived && (
          <Button variant="contained" startIcon={<Add />} onClick={() => open(null)} disabled={opening} data-testid="create-template">{t('templates.actions.create')}</Button>
        )}
      </Stack>
      <LoadError error={error} onReload={reload} />
      <Box sx={{ height: 4 }}>{opening && <LinearProgress aria-label={t('common.loading')} />}</Box>
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
            <TableStateRows colSpan={5} loading={rows === null} empty={rows !== null && rows.length === 0} emptyText={archived ? t('templates.emptyArchived') : t('templates.empty')} emptyTestId="templates-empty" />
            {rows?.map((tpl) => (
              <TableRow key={tpl.ID} hover data-testid="template-row">
                <TableCell>{tpl.Name}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{tpl.Description}</TableCell>
                <TableCell align="right">{tpl.LineCount}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(tpl.updatedAt, locale)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {tpl.Status === 'Active' && (
                    <IconButton size="small" title={t('common.edit')} aria-label={`${t('common.edit')} ${tpl.Name}`} disabled={opening} onClick={() => open(tpl.ID)}><Edit fontSize="small" /></IconButton>
                  )}
                  {canArchive && tpl.Status === 'Active' && (
                    <IconButton size="small" title={t('accounts.actions.archive')} aria-label={`${t('accounts.actions.archive')} ${tpl.Name}`} onClick={() => archive(tpl)}><Archive fontSize="small" /></IconButton>
                  )}
                  {canArchive && tpl.Status === 'Archived' && (
                    <IconButton size="small" title={t('accounts.actions.restore')} aria-label={`${t('accounts.actions.restore')} ${tpl.Name}`} onClick={() => restore(tpl)}><Restore fontSize="small" /></IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && catalogue && (
        <Suspense fallback={null}>
          <TemplateDialog initial={editing} catalogue={catalogue} locale={locale} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
