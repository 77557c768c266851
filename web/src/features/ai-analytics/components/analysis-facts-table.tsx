import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import type { AnalysisFactView } from '../api/ai-analytics-api';
import { FigureText } from './analysis-answer';
import { factValueText, metricText, subjectKindText, subjectText } from './analysis-text';

/** The facts the answer was built from, each row the target of the answer's links (`#fact-F3`). */
export function AnalysisFactsTable({ facts, marked }: { facts: AnalysisFactView[]; marked: string | null }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('aiAnalytics.factsTitle')} data-testid="analysis-facts">
        <TableHead>
          <TableRow>
            <TableCell>{t('aiAnalytics.columns.id')}</TableCell>
            <TableCell>{t('aiAnalytics.columns.subject')}</TableCell>
            <TableCell>{t('aiAnalytics.columns.metric')}</TableCell>
            <TableCell align="right">{t('aiAnalytics.columns.value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {facts.map((f) => (
            <TableRow
              key={f.Id}
              id={`fact-${f.Id}`}
              tabIndex={-1}
              selected={marked === f.Id}
              data-testid="analysis-fact"
              data-fact={f.Id}
              sx={{ scrollMarginTop: 80, '&:target': { bgcolor: 'action.selected' } }}
            >
              <TableCell>
                <bdi dir="ltr">{f.Id}</bdi>
              </TableCell>
              <TableCell>
                <Typography variant="caption" color="text.secondary" component="span" sx={{ marginInlineEnd: 1 }}>
                  {subjectKindText(f.SubjectKind, t)}
                </Typography>
                <bdi>{subjectText(f, t)}</bdi>
              </TableCell>
              <TableCell>{metricText(f, t)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-column="value">
                <FigureText text={factValueText(f, locale, t)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
