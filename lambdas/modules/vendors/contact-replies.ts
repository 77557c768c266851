/** ResendContactConfirmation's reply: plain TypeScript shared with the console. */
export interface ContactConfirmationSent {
  /** A mail went (false: the stage sends no mail, the send failed, or the address is confirmed already). */
  Sent: boolean;
  /** The contact had confirmed the address already: nothing to send. */
  Confirmed: boolean;
}
