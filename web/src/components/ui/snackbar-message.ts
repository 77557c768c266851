import type { AlertColor } from '@mui/material/Alert';

/** Auto-hide 1500 ms, bottom-left, filled alert, slide transition. */
export const SNACKBAR_AUTO_HIDE_MS = 1500;

export interface SnackbarMessage {
  /** The text; without one, the default message (`snackbar.archived`, "Note archived"). */
  message?: string;
  severity?: AlertColor;
  /** A button in the message (e.g. "Reload" after a conflict); keeps the message open longer. */
  action?: { label: string; onClick: () => void };
}
