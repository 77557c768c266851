import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicFrame } from './public-frame';

export default function Landing() {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
        <Typography variant="h3" component="h1">
          {t('public.landing.title')}
        </Typography>
        <Typography variant="h6" color="text.secondary">
          {t('public.landing.text')}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('auth.actions.signIn')}
        </Button>
      </Stack>
    </PublicFrame>
  );
}
