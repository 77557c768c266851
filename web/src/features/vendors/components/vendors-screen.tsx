import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRES } from '@server/shared/policy';
import { ArchivedViewSelect } from '../../../components/ui/archived-view-select';
import { FilterTextField } from '../../../components/ui/filter-field';
import { PlainIcon } from '../../../components/ui/plain-icon';
import { LoadError } from '../../../components/ui/load-error';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useVendorsList } from '../api/vendors-queries';
import { useVendorActions } from './use-vendor-actions';
import { VendorsTable } from './vendors-table';

const VendorDialog = lazy(() => import('./vendor-dialog').then((m) => ({ default: m.VendorDialog })));

/** How long typing pauses before the list is read for it: one read per word, not per letter. */
const SEARCH_PAUSE_MS = 300;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(id);
  }, [value]);
  return settled;
}

/**
 * /vendors/list (agency staff read; GeneralSettings writes, as SaveVendor requires): the company's
 * vendors by name, searched by part of the name; create and edit in a dialog, archive and restore,
 * each row's history. What the policy refuses is hidden (the API refuses it anyway).
 */
export function VendorsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const canWrite = isAllowed(session?.profile, REQUIRES.generalSettings);
  const { editing, setEditing, opening, open, save, archive, restore } = useVendorActions();
  const [archived, setArchived] = useState(false);
  const [typed, setTyped] = useState('');
  const search = useSettled(typed);
  const list = useVendorsList({ search, archived });

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { md: 'center' } }}>
        <FilterTextField
          label={t('vendors.search')}
          name="search"
          value={typed}
          onChange={setTyped}
          startIcon={<PlainIcon of={Search} />}
          testId="vendor-search"
        />
        <ArchivedViewSelect archived={archived} onChange={setArchived} />
        <Box sx={{ flexGrow: 1 }} />
        {canWrite && !archived && (
          <Button variant="contained" startIcon={<Add />} onClick={() => open(null)} data-testid="create-vendor">
            {t('vendors.actions.create')}
          </Button>
        )}
      </Stack>
      <LoadError error={list.error} onReload={list.reload} />
      <Box sx={{ height: 4 }}>
        {(opening || (list.busy && !list.loading)) && <ProgressBar label={t('common.loading')} />}
      </Box>
      <VendorsTable
        rows={list.rows}
        loading={list.loading}
        empty={!list.loading && !list.error && list.rows.length === 0}
        archived={archived}
        canWrite={canWrite}
        opening={opening}
        actions={{ open, archive, restore }}
      />
      {list.hasMore && (
        <Box sx={{ mt: 1, textAlign: 'center' }}>
          <Button onClick={list.more} disabled={list.busy} data-testid="more-vendors">
            {t('vendors.actions.more')}
          </Button>
        </Box>
      )}
      {editing && (
        <Suspense fallback={null}>
          <VendorDialog initial={editing} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
