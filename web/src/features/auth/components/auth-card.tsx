import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatementFooter } from '../../../components/ui/statement-links';
import { TOUCH_MEDIA } from '../../../lib/display/touch';
import { LanguageSwitch } from './language-switch';

/** The frame of every sign-in screen: product name, title, the form, links under it, the statements' footer. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      {/* Where fingers tap, the forms' buttons are 44 px targets (MUI's large one is 42). */}
      <Card
        sx={{ width: '100%', maxWidth: 440, [TOUCH_MEDIA]: { '& .MuiButton-root': { minHeight: 44 } } }}
        elevation={3}
      >
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 700 }}>
              {t('app.name')}
            </Typography>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                {subtitle}
              </Typography>
            )}
          </Stack>
          {children}
          {footer && <Box sx={{ mt: 3 }}>{footer}</Box>}
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
            <LanguageSwitch />
          </Box>
        </CardContent>
      </Card>
      <StatementFooter />
    </Box>
  );
}
