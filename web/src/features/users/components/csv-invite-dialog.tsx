import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvInviteProblem, CsvInviteReportView } from './csv-invite-results';
import { useCsvInvite } from './use-csv-invite';
import { ProgressBar } from '../../../components/ui/progress-bar';

/**
 * Bulk invitation from a CSV (email,name,role,accounts). The server checks the whole file first: a
 * wrong line invites no one, and each problem is listed here in the user's language. A good file is
 * invited line by line; the table says what became of each (invited, a user already, failed).
 */
export function CsvInviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { busy, report, problem, pick } = useCsvInvite(onInvited);

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="csv-invite-title">
      <DialogTitle id="csv-invite-title">{t('users.csv.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('users.csv.hint')}
        </Typography>
        <Box
          component="pre"
          dir="ltr"
          sx={{ bgcolor: 'action.hover', p: 1, borderRadius: 1, fontSize: 13, textAlign: 'left' }}
        >
          {
            'email,name,role,accounts\ndana@agency.example,Dana Cohen,Planner,all\nclient@brand.example,Noa Levi,Client,12;15'
          }
        </Box>
        <Button
          startIcon={<UploadFile />}
          onClick={() => input.current?.click()}
          disabled={busy}
          data-testid="csv-pick"
        >
          {t('users.csv.pick')}
        </Button>
        <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={pick} data-testid="csv-file" />
        <Box sx={{ height: 4, my: 1 }}>{busy && <ProgressBar label={t('common.loading')} />}</Box>
        {problem && <CsvInviteProblem problem={problem} />}
        {report && <CsvInviteReportView report={report} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="csv-close">
          {t('users.actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
