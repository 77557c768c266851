import { restoreStyles } from '../display/kept-styles';
import { drawFrame } from './draw';
import { sendEarly } from './early-call';
import { currentFit, readFrame, storedSession, type KeptFrame } from './kept-frame';
import { callKey, type FrameLocation, type FrameScreen } from './screen';

/** A token this close to its expiry is left to the console, which renews it before calling. */
const TOKEN_MARGIN_MS = 60_000;

/** The root still holds only what index.html put there: the console has not rendered. */
const untouched = (root: HTMLElement) =>
  root.children.length === 1 && root.firstElementChild?.classList.contains('boot-bar');

/**
 * Every emotion class the frame names has its rules among the kept styles in the page: styles kept
 * before the frame (a visit that ended before they were kept again) would leave parts unstyled.
 */
function stylesCover(kept: KeptFrame, cache: string): boolean {
  const names = new Set<string>();
  document.head.querySelectorAll('style[data-emotion]').forEach((el) => {
    const [key, ...ids] = (el.getAttribute('data-emotion') ?? '').split(' ');
    if (key === cache) ids.forEach((id) => names.add(id));
  });
  const prefix = `${cache}-`;
  for (const [, classes = ''] of (kept.html + kept.row).matchAll(/class="([^"]*)"/g))
    for (const c of classes.split(/\s+/)) if (c.startsWith(prefix) && !names.has(c.slice(prefix.length))) return false;
  return true;
}

/** A reply's envelope that says it succeeded (docs/domain.md), read from whatever the server sent. */
const succeeded = (v: unknown): v is { Success: true; Response: unknown } =>
  typeof v === 'object' && v !== null && (v as { Success?: unknown }).Success === true;

/**
 * Before the console's code starts: when the screen being opened was kept on the last visit for the
 * page as it is now (the same build, user, settings and layout, and its styles kept too), puts the
 * kept styles in the page (the console's emotion cache adopts them), sends the
 * screen's first call at once, for the console to take (early-call.ts), and draws the kept frame
 * with the reply's rows while the console starts. Anything missing or failing leaves the page to
 * the console, as without it.
 */
export function startFirstFrame(screens: readonly FrameScreen[], location: FrameLocation): void {
  try {
    const session = storedSession();
    if (!session || session.expires < Date.now() + TOKEN_MARGIN_MS) return;
    const screen = screens.find((s) => s.call(location));
    const call = screen?.call(location);
    const kept = screen && call && readFrame(screen.id, currentFit(session.user), callKey(call));
    if (!screen || !call || !kept) return;
    const url = `${kept.apiUrl}/${call.service}/${call.method}`;
    const accountId = call.accountId === null ? null : String(call.accountId);
    const reply = sendEarly(url, JSON.stringify(call.body ?? {}), accountId, session.token);
    // The kept styles go in as the console's own would (its emotion cache adopts them): drawn with them or not at all.
    const cache = kept.dir === 'rtl' ? 'muirtl' : 'mui';
    if (!restoreStyles(cache) || !stylesCover(kept, cache)) return;
    void reply
      .then((res): Promise<unknown> | null => (res?.ok ? res.json() : null))
      .then((envelope) => {
        const root = document.getElementById('root');
        if (!succeeded(envelope) || !root || !untouched(root)) return;
        const rows = screen.rows(envelope.Response, kept.view);
        if (rows.length > 0) drawFrame(root, kept, rows, screen.editable === true);
      })
      .catch(() => undefined);
  } catch {
    // Storage denied or unreadable: the console starts as it would without a kept frame.
  }
}
