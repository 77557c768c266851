import Alert from '@mui/material/Alert';

/** The error of the last attempt, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert severity="error" sx={{ mb: 2 }} role="alert">{message}</Alert>;
}

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
