import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Placeholder for a screen that is not built yet; it still sits behind the route guard. */
export function ComingSoon({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="coming-soon">
      <ConstructionOutlined color="primary" sx={{ fontSize: 48 }} />
      {titleKey && (
        <Typography variant="h5" sx={{ mt: 1 }}>
          {t(titleKey)}
        </Typography>
      )}
      <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
        {t('comingSoon.text')}
      </Typography>
    </Paper>
  );
}
