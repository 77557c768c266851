import Link from '@mui/material/Link';
import Stack, { type StackProps } from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The public statements every page links to from its footer (IS 5568 asks for the accessibility one on every page). */
export const STATEMENT_LINKS = [
  ['/pages/accessibility', 'public.accessibility.title', 'footer-accessibility'],
  ['/pages/legitimate-interest', 'public.legitimateInterest.title', 'footer-legitimate-interest'],
] as const;

/** The statements' links as a footer: the signed-in layout's and the sign-in screens'. */
export function StatementFooter(props: StackProps) {
  const { t } = useTranslation();
  return (
    <Stack
      component="footer"
      direction="row"
      spacing={3}
      {...props}
      sx={[{ py: 2, justifyContent: 'center', flexWrap: 'wrap' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
    >
      {STATEMENT_LINKS.map(([to, key, testId]) => (
        <Link key={to} component={RouterLink} to={to} variant="body2" data-testid={testId}>
          {t(key)}
        </Link>
      ))}
    </Stack>
  );
}
