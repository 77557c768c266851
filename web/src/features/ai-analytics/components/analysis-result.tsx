import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { ActivityAnalysis } from '../api/ai-analytics-api';
import {
  answerLang,
  answerParts,
  factValueText,
  nameRuns,
  figureDir,
  fallbackText,
  groupText,
  metricText,
  subjectKindText,
  subjectText,
} from './analysis-text';

/** A figure isolated from the text around it, in its own direction (figureDir). */
function FigureText({ text }: { text: string }) {
  return <bdi dir={figureDir(text)}>{text}</bdi>;
}

/**
 * One analysis: the answer, each figure a link to the row of the fact it was traced to (left to
 * right inside Hebrew text), a note when the rules wrote it rather than a model and why, the model
 * and its tokens, the prompt that was asked, and the facts table.
 */
export function AnalysisResult({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [marked, setMarked] = useState<string | null>(null);
  const factIds = useMemo(() => new Set(analysis.Facts.map((f) => f.Id)), [analysis.Facts]);
  const parts = useMemo(() => answerParts(analysis.Text, analysis.Figures), [analysis.Text, analysis.Figures]);
  const count = (n: number) => numberFormat(locale, { maximumFractionDigits: 0 }).format(n);

  // The link keeps its href (#fact-F3: opens in a new tab, reads out as a link); a click scrolls the row into view and marks it.
  const goToFact = (id: string) => (e: MouseEvent) => {
    e.preventDefault();
    setMarked(id);
    const row = document.getElementById(`fact-${id}`);
    row?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    row?.focus?.({ preventScroll: true });
  };

  const lang = answerLang(analysis.Text, analysis.Lang);
  const factById = useMemo(() => new Map(analysis.Facts.map((f) => [f.Id, f])), [analysis.Facts]);
  const tip = (id: string) => {
    const f = factById.get(id);
    return f
      ? t('aiAnalytics.factTip', { id, metric: metricText(f, t), subject: subjectText(f, t) })
      : t('aiAnalytics.figureOf', { id });
  };
  return (
    <Paper sx={{ p: 2 }} data-testid="analysis-result">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('aiAnalytics.answerTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="analysis-as-of">
          {t('aiAnalytics.asOf', { date: formatDate(analysis.AsOf, locale) })}
        </Typography>
        {analysis.ChannelGroup && (
          <Chip
            size="small"
            variant="outlined"
            label={t('aiAnalytics.promptOf', { group: groupText(analysis.ChannelGroup, t) })}
            data-testid="analysis-group-used"
          />
        )}
      </Stack>
      {analysis.Shown === 'deterministic' && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="analysis-fallback" data-fallback={analysis.Fallback ?? ''}>
          {t('aiAnalytics.notModel')}
          {analysis.Fallback && <> {fallbackText(analysis.Fallback, t)}</>}
          {analysis.ErrorMessage && (
            <Typography
              variant="body2"
              component="div"
              dir="ltr"
              sx={{ mt: 0.5, textAlign: 'start' }}
              data-testid="analysis-error"
            >
              {analysis.ErrorMessage}
            </Typography>
          )}
        </Alert>
      )}
      <Box
        data-testid="analysis-answer"
        lang={lang}
        dir={lang === 'he' ? 'rtl' : 'ltr'}
        sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.7, textAlign: 'start', mb: 2 }}
      >
        {parts.map((p, i) => {
          if (p.kind === 'text') {
            // A quoted name in its own isolate: a Latin name opening an RTL line keeps its quotes around it.
            return (
              <span key={i}>
                {nameRuns(p.text).map((r, j) =>
                  r.name ? (
                    <bdi key={j} dir="auto">
                      {r.text}
                    </bdi>
                  ) : (
                    r.text
                  ),
                )}
              </span>
            );
          }
          if (p.kind === 'cite') {
            // Small references instead of "[F3]": the sentence reads on; each its own LTR isolate, so RTL text cannot mirror its brackets or order.
            if (!p.ids.every((id) => factIds.has(id))) return <span key={i}>{p.text}</span>;
            return (
              <Box
                key={i}
                component="sup"
                dir="ltr"
                sx={{ fontSize: '0.7em', lineHeight: 0, marginInlineStart: '1px' }}
              >
                {p.ids.map((id, j) => (
                  <span key={id + j}>
                    {j > 0 && ','}
                    <Link
                      href={`#fact-${id}`}
                      onClick={goToFact(id)}
                      underline="hover"
                      data-testid="analysis-citation"
                      aria-label={t('aiAnalytics.figureOf', { id })}
                      title={tip(id)}
                    >
                      {id.slice(1)}
                    </Link>
                  </span>
                ))}
              </Box>
            );
          }
          if (p.factId && factIds.has(p.factId)) {
            return (
              <Link
                key={i}
                href={`#fact-${p.factId}`}
                onClick={goToFact(p.factId)}
                data-testid="analysis-figure"
                data-fact={p.factId}
                color="inherit"
                sx={{ textDecorationStyle: 'dotted' }}
                title={tip(p.factId)}
              >
                <FigureText text={p.text} />
              </Link>
            );
          }
          return <FigureText key={i} text={p.text} />;
        })}
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="analysis-model">
        {analysis.Model === 'deterministic'
          ? t('aiAnalytics.modelNone')
          : t('aiAnalytics.model', { model: analysis.Model })}
        {' · '}
        {t('aiAnalytics.tokens', {
          input: count(analysis.InputTokens),
          output: count(analysis.OutputTokens),
          attempts: count(analysis.Attempts),
        })}
        {analysis.ModelAsked && analysis.ModelAsked !== analysis.Model && (
          <>
            {' · '}
            {t('aiAnalytics.modelAsked', { model: analysis.ModelAsked })}
          </>
        )}
      </Typography>
      {analysis.Prompt && (
        <Box component="details" sx={{ mt: 1 }} data-testid="analysis-prompt">
          <Box component="summary" sx={{ cursor: 'pointer', typography: 'body2' }}>
            {t('aiAnalytics.promptUsed')}
          </Box>
          <Box
            component="pre"
            dir="auto"
            sx={{
              whiteSpace: 'pre-wrap',
              typography: 'body2',
              m: 0,
              mt: 1,
              p: 1,
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {analysis.Prompt}
          </Box>
        </Box>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('aiAnalytics.factsTitle')}
      </Typography>
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
            {analysis.Facts.map((f) => (
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
    </Paper>
  );
}
