/** What a confirmation dialog asks (components/ui/confirm-dialog.tsx). */
export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  destructive?: boolean;
}
