import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { FULL_SHARE, MAX_LINES } from './template-form';

/** Under the lines: add a line, split the shares evenly, and the running share total. */
export function TemplateLinesFooter({
  count,
  total,
  locale,
  onAdd,
  onSplit,
}: {
  count: number;
  /** The shares' total in hundredths of a percent. */
  total: number;
  locale: string;
  onAdd: () => void;
  onSplit: () => void;
}) {
  const { t } = useTranslation();
  const complete = total === FULL_SHARE;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button startIcon={<Add />} disabled={count >= MAX_LINES} onClick={onAdd}>
        {t('templates.actions.addLine')}
      </Button>
      <Button onClick={onSplit} disabled={count === 0}>
        {t('templates.actions.split')}
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      <Typography
        data-testid="share-total"
        color={complete ? 'success.main' : 'error.main'}
        aria-live="polite"
        sx={{ fontWeight: 500 }}
      >
        {t('templates.total', { total: formatNumber(total / 100, locale) })}
        {!complete &&
          ` · ${t(total < FULL_SHARE ? 'templates.left' : 'templates.over', { n: formatNumber(Math.abs(FULL_SHARE - total) / 100, locale) })}`}
      </Typography>
    </Stack>
  );
}
