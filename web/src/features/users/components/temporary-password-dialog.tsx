import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A reset's new temporary password, shown once, to pass on (copy puts it on the clipboard). */
export function TemporaryPasswordDialog({
  password,
  name,
  onClose,
}: {
  password: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="temp-password-title" maxWidth="xs" fullWidth>
      <DialogTitle id="temp-password-title">{t('users.password.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('users.password.message', { name })}</Typography>
        <Box
          component="code"
          dir="ltr"
          data-testid="temporary-password"
          sx={{ display: 'block', p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 18, userSelect: 'all' }}
        >
          {password}
        </Box>
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('users.password.once')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(password)}>{t('users.password.copy')}</Button>
        <Button variant="contained" onClick={onClose} data-testid="close-password">
          {t('users.actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
