import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import type { ActivityAnalysis } from '../api/ai-analytics-api';
import { AnswerPartView, type FactLinks } from './analysis-answer';
import { AnalysisFactsTable } from './analysis-facts-table';
import { FallbackNote, ModelLine, PromptUsed } from './analysis-notes';
import { answerLang, answerParts, groupText, metricText, subjectText } from './analysis-text';

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
  const links: FactLinks = { known: (id) => factIds.has(id), goToFact, tip };
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
      {analysis.Shown === 'deterministic' && <FallbackNote analysis={analysis} />}
      <Box
        data-testid="analysis-answer"
        lang={lang}
        dir={lang === 'he' ? 'rtl' : 'ltr'}
        sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.7, textAlign: 'start', mb: 2 }}
      >
        {parts.map((p, i) => (
          <AnswerPartView key={i} p={p} links={links} />
        ))}
      </Box>
      <ModelLine analysis={analysis} />
      {analysis.Prompt && <PromptUsed prompt={analysis.Prompt} />}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('aiAnalytics.factsTitle')}
      </Typography>
      <AnalysisFactsTable facts={analysis.Facts} marked={marked} />
    </Paper>
  );
}
