import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';

/**
 * A list that could not be read, in the user's language: the API's refusal by its code (no access
 * to the account, signed out…), anything else (the network, a server that did not answer) as a
 * general "could not load" — never the English text of a thrown error — and a Reload button.
 * Nothing without an error.
 */
export function LoadError({ error, onReload }: { error: unknown; onReload: () => void }) {
  const { t } = useTranslation();
  if (error == null) return null;
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {t('common.reload')}
        </Button>
      }
    >
      {error instanceof ApiError ? apiErrorText(error, t) : t('errors.loadFailed')}
    </Alert>
  );
}
