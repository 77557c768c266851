import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SplitCheck } from '../model/monthly-split';

/** The split's budget, the months' sum, and what is left (or over, in the error colour while not zero). */
export function SplitSummary({ check, m }: { check: SplitCheck; m: (minor: number) => string }) {
  const { t } = useTranslation();
  const summary: [string, string, number][] = [
    ['budget', t('mediaPlan.split.budget'), check.budget],
    ['sum', t('mediaPlan.split.sum'), check.sum],
    ['left', t(check.left < 0 ? 'mediaPlan.split.over' : 'mediaPlan.split.left'), Math.abs(check.left)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: 2,
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 3,
        rowGap: 0.5,
        justifyContent: 'end',
      }}
    >
      {summary.map(([key, label, minor]) => (
        <Box
          key={key}
          sx={{
            display: 'contents',
            '& > *': key === 'left' ? { fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.5 } : {},
          }}
        >
          <Typography component="dt" variant="body2">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
            color={key === 'left' && check.left !== 0 ? 'error' : undefined}
            data-testid={`split-${key}`}
            data-minor={key === 'left' ? check.left : minor}
          >
            {m(minor)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
