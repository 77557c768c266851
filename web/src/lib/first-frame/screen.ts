/**
 * A screen whose last visit's frame can be drawn before the console starts (first-frame/start.ts):
 * the call its first render reads and the rows it shows from the reply, cell by cell. Kept beside the
 * screen's own code, from the same request builders and formatters, in modules that load no
 * component: the first frame's script carries them.
 */
export interface FrameCall {
  service: string;
  method: string;
  body: unknown;
  /** The page's account (x-account-id), or null. */
  accountId: number | null;
}

/** What the rows depend on besides the reply. */
export interface FrameView {
  locale: string;
  /** Rows per page (the display settings). */
  pageSize: number;
}

/**
 * A cell as the screen draws it: its text (in its link or button, if it has one) and where its link
 * leads; or which of the kept cells of that column it is (`variant`: a status chip, worded in the
 * user's language and coloured by the value, kept as the screen drew it); null keeps the pattern
 * row's (icons).
 */
export type FrameCell = { text: string; href?: string } | { variant: string } | null;

/** The address being opened. */
export type FrameLocation = { pathname: string; search: string };

export interface FrameScreen {
  /** Names the kept frame. */
  id: string;
  /** The call the screen makes first at this address, or null when the address is not the screen's as it opens. */
  call(location: FrameLocation): FrameCall | null;
  /** The rows the screen's first render shows from that call's reply. */
  rows(reply: unknown, view: FrameView): FrameCell[][];
}
