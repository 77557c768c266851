import Alert from '@mui/material/Alert';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, errorMessage } from '../../../lib/api-error-text';
import { loadErrorCatalogue } from '../../../lib/i18n';

/** The error of the last attempt, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      {message}
    </Alert>
  );
}

/**
 * The text of a failed sign-in step in the user's language: a Cognito error by its name
 * (NotAuthorizedException → "Incorrect e-mail or password"), an API error by its code, a failed
 * LogInByAws naming its cause; else the error's own message.
 */
export async function errorText(err: unknown, t: TFunction): Promise<string> {
  // Cognito's and the API's messages are in the error catalogue, loaded on the first error.
  await loadErrorCatalogue();
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof ApiError) return t('apiErrors.cognito.logInByAws', { reason: apiErrorText(cause, t) });
  return errorMessage(err, t);
}
