import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArchivedViewSelect } from '../../../components/ui/archived-view-select';
import { LoadError } from '../../../components/ui/load-error';
import { useSession } from '../../../lib/auth';
import { hasPermission, Permission } from '../../../lib/authorization';
import { COLUMN_SCOPES } from '../api/custom-columns-api';
import { columnQueries } from '../api/custom-columns-queries';
import { emptyColumnForm, formFromColumn } from './column-form';
import { ColumnsTable } from './columns-table';
import { useColumnActions } from './use-column-actions';

const CustomColumnDialog = lazy(() =>
  import('./custom-column-dialog').then((m) => ({ default: m.CustomColumnDialog })),
);

/**
 * /customColumns/list (GeneralSettings): the company's formula columns for the media plan and the
 * performance report; deleting archives, and the archived view (for whoever may delete) restores.
 */
export function CustomColumnsScreen() {
  const { t } = useTranslation();
  // Deleting and restoring need GeneralSettings (the API's rule), as does the screen's route.
  const session = useSession();
  const canArchive = hasPermission(session?.profile, Permission.GeneralSettings);
  const { editing, setEditing, save, check, archive, restore } = useColumnActions();
  const [scope, setScope] = useState('');
  const [archived, setArchived] = useState(false);
  // Each view is its own read (archived: true or false); one not read yet shows no rows of the other.
  const list = useQuery(columnQueries.list(archived));
  const visible = (list.data?.Items ?? []).filter((c) => !scope || c.Scope === scope);
  const readAgain = () => void list.refetch();

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          select
          label={t('customColumns.fields.Scope')}
          value={scope}
          onChange={(e) => setScope(e.target.value)}
          name="scope"
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('customColumns.anyScope')}</MenuItem>
          {COLUMN_SCOPES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`customColumns.scopes.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {canArchive && <ArchivedViewSelect archived={archived} onChange={setArchived} />}
        <Box sx={{ flexGrow: 1 }} />
        {!archived && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing(emptyColumnForm())}
            data-testid="create-column"
          >
            {t('customColumns.actions.create')}
          </Button>
        )}
      </Stack>
      <LoadError error={list.error} onReload={readAgain} />
      <ColumnsTable
        visible={visible}
        loading={list.isPending}
        empty={!list.isPending && !list.error && visible.length === 0}
        archived={archived}
        canArchive={canArchive}
        actions={{ edit: (c) => setEditing(formFromColumn(c)), archive, restore }}
      />
      {editing && (
        <Suspense fallback={null}>
          <CustomColumnDialog initial={editing} check={check} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
