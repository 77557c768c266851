import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const FOOTER_LINKS = [
  ['/pages/terms-of-service', 'public.terms.title'],
  ['/pages/privacy-policy', 'public.privacy.title'],
  ['/pages/contact-us', 'public.contact.title'],
  ['/pages/faqs', 'public.faqs.title'],
] as const;

/** Header and footer of the public pages. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ py: 2, px: 3, display: 'flex', alignItems: 'center', bgcolor: 'background.paper' }}>
        <Link component={RouterLink} to="/" variant="h6" underline="none" sx={{ fontWeight: 700 }}>{t('app.name')}</Link>
        <Box sx={{ flexGrow: 1 }} />
        <Link component={RouterLink} to="/login">{t('auth.actions.signIn')}</Link>
      </Box>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: 4 }}>{children}</Container>
      <Stack component="footer" direction="row" spacing={3} sx={{ py: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        {FOOTER_LINKS.map(([to, key]) => <Link key={to} component={RouterLink} to={to} variant="body2">{t(key)}</Link>)}
        <Typography variant="body2" color="text.secondary">© Mixdesk</Typography>
      </Stack>
    </Box>
  );
}
