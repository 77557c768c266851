import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { numberFormat } from '../../../lib/format';
import type { ActivityAnalysis } from '../api/ai-analytics-api';
import { fallbackText } from './analysis-text';

/** The rules wrote the answer, not a model: why, and the model's error when there was one. */
export function FallbackNote({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The model that answered, its tokens and attempts, and the one asked for when another answered. */
export function ModelLine({ analysis }: { analysis: ActivityAnalysis }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const count = (n: number) => numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
  return (
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
  );
}

/** The prompt that was asked, folded away. */
export function PromptUsed({ prompt }: { prompt: string }) {
  const { t } = useTranslation();
  return (
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
        {prompt}
      </Box>
    </Box>
  );
}
