import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { CodeForm } from './code-form';

/** Authenticator-app setup: the secret as a QR code and as text, then the first 6-digit code. */
export function TotpSetup({
  secret,
  uri,
  onCode,
  busy,
}: {
  secret: string;
  uri: string;
  onCode: (code: string) => Promise<void>;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('auth.totp.scan')}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 1, bgcolor: '#fff', borderRadius: 1 }}>
        <QRCodeSVG value={uri} size={180} title={t('auth.totp.qrTitle')} />
      </Box>
      <Typography variant="body2">{t('auth.totp.orEnter')}</Typography>
      <Typography
        data-testid="totp-secret"
        dir="ltr"
        sx={{
          fontFamily: 'monospace',
          wordBreak: 'break-all',
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          textAlign: 'center',
        }}
      >
        {secret}
      </Typography>
      <CodeForm onCode={onCode} busy={busy} />
    </Stack>
  );
}
