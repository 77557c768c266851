import NavigateNext from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { accountIdsFromPath, useMainAccount } from '../../../lib/account-context';
import { buildTrail, MAX_BREADCRUMBS } from '../breadcrumb-trail';
import type { Navigation } from '../navigation';

/** The screen title and its breadcrumbs, with account and sub-account names (GetMainAccount). */
export function Breadcrumbs({ navigation }: { navigation: Pick<Navigation, 'screens' | 'accountScreens'> }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { accountId, subAccountId } = accountIdsFromPath(pathname);
  const main = useMainAccount(subAccountId ?? accountId);
  const names = { account: main.data?.Name, subAccount: main.data?.SubAccountName };
  const { crumbs, titleKey } = buildTrail(pathname, navigation, names, search);
  if (!titleKey && crumbs.length === 0) return null;
  const text = (c: { label: string; literal?: boolean }) => (c.literal ? c.label : t(c.label));

  return (
    <Box sx={{ mb: 2 }}>
      {crumbs.length > 1 && (
        <MuiBreadcrumbs
          maxItems={MAX_BREADCRUMBS}
          separator={
            <NavigateNext
              fontSize="small"
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          }
          aria-label={t('layout.breadcrumbs')}
          data-testid="breadcrumbs"
        >
          {crumbs.map((c, i) =>
            c.to ? (
              <Link key={i} component={RouterLink} to={c.to} underline="hover" color="inherit">
                {text(c)}
              </Link>
            ) : (
              <Typography key={i} color="text.primary">
                {text(c)}
              </Typography>
            ),
          )}
        </MuiBreadcrumbs>
      )}
      {titleKey && (
        <Typography variant="h4" component="h1" sx={{ mt: 1 }} data-testid="screen-title">
          {t(titleKey)}
        </Typography>
      )}
    </Box>
  );
}
