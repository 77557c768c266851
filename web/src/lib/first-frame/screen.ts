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

/** A call's identity: a frame is drawn only for the call it was kept with (the same page of the same data). */
export const callKey = (c: FrameCall): string => JSON.stringify([c.service, c.method, c.body ?? {}, c.accountId]);

/** What the rows depend on besides the reply. */
export interface FrameView {
  locale: string;
  /** Rows per page (the display settings); 0 for a screen that shows every row. */
  pageSize: number;
}

/**
 * A cell as the screen draws it: its text (in its link or button, if it has one) and where its link
 * leads; or which of the kept cells of that column it is (`variant`: a status chip, worded in the
 * user's language and coloured by the value, kept as the screen drew it); or the value of the row's
 * input or select of that `name` (`option` words a choice the kept select lacks); null keeps the
 * pattern row's (icons).
 */
export type FrameCell =
  | { text: string; href?: string }
  | { variant: string }
  | { name: string; value: string; option?: string }
  | null;

/** A row of the frame: its cells, and the key the screen's own row carries (what is typed in it follows that key). */
export interface FrameRow {
  key: string;
  cells: FrameCell[];
}

/** The address being opened. */
export type FrameLocation = { pathname: string; search: string };

export interface FrameScreen<Row extends FrameCell[] | FrameRow = FrameCell[] | FrameRow> {
  /** Names the kept frame. */
  id: string;
  /** The call the screen makes first at this address, or null when the address is not the screen's as it opens. */
  call(location: FrameLocation): FrameCall | null;
  /** The rows the screen's first render shows from that call's reply. */
  rows(reply: unknown, view: FrameView): Row[];
  /**
   * The rows' inputs can be typed into before the console starts (everything else in the frame
   * answers nothing): what is typed is handed to the console (typed.ts), which types it again into
   * its own rows.
   */
  editable?: boolean;
}
