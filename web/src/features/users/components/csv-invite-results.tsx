import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CsvInviteReport } from '../api/users-api';

/** A refused file: each problem, in the user's language (no one was invited). */
export function CsvInviteProblem({ problem }: { problem: { file: string; lines: string[] } }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" data-testid="csv-errors">
      <AlertTitle>{t('users.csv.refused', { file: problem.file })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, ps: 2 }}>
        {problem.lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** What became of each line of a good file: invited, a user already, or failed (with why). */
export function CsvInviteReportView({ report }: { report: CsvInviteReport }) {
  const { t } = useTranslation();
  return (
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
  );
}
