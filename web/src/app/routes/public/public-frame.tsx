import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { STATEMENT_LINKS } from '../../../components/ui/statement-links';
import { homePathFor, useSession } from '../../../lib/auth';

const FOOTER_LINKS = [
  ['/pages/terms-of-service', 'public.terms.title'],
  ['/pages/privacy-policy', 'public.privacy.title'],
  ['/pages/contact-us', 'public.contact.title'],
  ['/pages/faqs', 'public.faqs.title'],
] as const;

/** Header and footer of the public pages; the header offers sign-in to a signed-out visitor, home to a signed-in user. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ py: 2, px: 3, display: 'flex', alignItems: 'center', bgcolor: 'background.paper' }}>
        <Link component={RouterLink} to="/" variant="h6" underline="none" sx={{ fontWeight: 700 }}>
          {t('app.name')}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {session ? (
          <Link component={RouterLink} to={homePathFor(session)} data-testid="header-home">
            {t('public.backHome')}
          </Link>
        ) : (
          <Link component={RouterLink} to="/login" data-testid="header-sign-in">
            {t('auth.actions.signIn')}
          </Link>
        )}
      </Box>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: 4 }}>
        {children}
      </Container>
      <Stack component="footer" direction="row" spacing={3} sx={{ py: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        {FOOTER_LINKS.map(([to, key]) => (
          <Link key={to} component={RouterLink} to={to} variant="body2">
            {t(key)}
          </Link>
        ))}
        {STATEMENT_LINKS.map(([to, key, testId]) => (
          <Link key={to} component={RouterLink} to={to} variant="body2" data-testid={testId}>
            {t(key)}
          </Link>
        ))}
        <Typography variant="body2" color="text.secondary">
          © Mixdesk
        </Typography>
      </Stack>
    </Box>
  );
}
