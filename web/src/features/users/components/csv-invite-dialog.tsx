import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, issueText } from '../../../lib/api-error-text';
import { inviteUsersCsv, type CsvInviteReport } from '../api/users-api';

/** The largest file sent (the route takes 100,000 characters). */
const MAX_BYTES = 100_000;

function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result ?? ''));
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

/**
 * Bulk invitation from a CSV (email,name,role,accounts). The server checks the whole file first: a
 * wrong line invites no one, and each problem is listed here in the user's language. A good file is
 * invited line by line; the table says what became of each (invited, a user already, failed).
 */
export function CsvInviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: () => void }) {
  const { t } = useTranslation();
  const showError = useApiError();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<CsvInviteReport | null>(null);
  const [problem, setProblem] = useState<{ file: string; lines: string[] } | null>(null);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    setReport(null);
    if (file.size > MAX_BYTES) {
      setProblem({
        file: file.name,
        lines: [t('users.csv.tooLarge', { kb: Math.ceil(file.size / 1024), max: MAX_BYTES / 1000 })],
      });
      return;
    }
    setBusy(true);
    try {
      const r = await inviteUsersCsv(await readText(file));
      setReport(r);
      if (r.Invited) onInvited();
    } catch (err) {
      if (err instanceof ApiError && err.code?.startsWith('CSV_')) {
        const listed = err.issues.map((i) => t('users.csv.line', { line: i.line, problem: issueText(i, t) }));
        setProblem({ file: file.name, lines: [apiErrorText(err, t), ...listed] });
      } else if (err instanceof ApiError) {
        setProblem({ file: file.name, lines: [apiErrorText(err, t)] });
      } else showError(err, { fallback: t('users.inviteFailed') });
    } finally {
      setBusy(false);
    }
  };

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
        <Box sx={{ height: 4, my: 1 }}>{busy && <LinearProgress aria-label={t('common.loading')} />}</Box>
        {problem && (
          <Alert severity="error" data-testid="csv-errors">
            <AlertTitle>{t('users.csv.refused', { file: problem.file })}</AlertTitle>
            <Box component="ul" sx={{ m: 0, ps: 2 }}>
              {problem.lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </Box>
          </Alert>
        )}
        {report && (
          <>
            <Alert severity={report.NotInvited ? 'warning' : 'success'} sx={{ mb: 1 }} data-testid="csv-summary">
              {t('users.csv.done', { invited: report.Invited, notInvited: report.NotInvited })}
            </Alert>
            <Table size="small" data-testid="csv-results">
              <TableHead>
                <TableRow>
                  <TableCell>{t('users.csv.lineHeader')}</TableCell>
                  <TableCell>{t('users.fields.email')}</TableCell>
                  <TableCell>{t('users.csv.outcome')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.Rows.map((r) => (
                  <TableRow key={r.Line} data-testid="csv-row">
                    <TableCell>{r.Line}</TableCell>
                    <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                      {r.Email}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={r.Outcome === 'invited' ? 'success' : r.Outcome === 'exists' ? 'default' : 'error'}
                        label={t(`users.csv.outcomes.${r.Outcome}`)}
                      />
                      {r.Outcome === 'failed' && r.Code && (
                        <Typography component="span" variant="body2" sx={{ ms: 1 }}>
                          {t(`apiErrors.codes.${r.Code}`, { defaultValue: r.Code, email: r.Email })}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="csv-close">
          {t('users.actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
