import { readJson, removeKey, STORAGE_PREFIX, writeJson } from '../storage';
import { BUILD_ID } from '../version';
import type { FrameView } from './screen';

/**
 * The last visit's frame of a screen: the page as it stood when the screen first showed its rows,
 * with the rows taken out. The next visit of that screen draws it with the rows of a fresh call
 * before the console's code has started (first-frame/draw.ts), and the console's first render
 * replaces it. Kept under the session's prefix, so a sign-out clears it; it holds no row of data.
 */
export interface KeptFrame {
  build: string;
  /** Who it was drawn for: the token's subject and the profile the shell is drawn from. */
  user: string;
  /** The display settings as stored (theme, language, direction, rows per page, the menu). */
  settings: string;
  /** The width's breakpoint: another layout is another frame. */
  width: number;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The locale and rows per page the screen drew its rows with. */
  view: FrameView;
  /** Where the screen's call went (config.json's apiUrl then). */
  apiUrl: string;
  /** The call the rows came from (screen.ts callKey): drawn again only for the same call. */
  call: string;
  /** The page's content, its rows' container marked and empty. */
  html: string;
  /** One row as the screen draws it, its texts and links blank. */
  row: string;
  /** The cells marked `data-frame-variant` as the screen drew them, by column and value (`2:paid`). */
  variants: Record<string, string>;
}

/** What a frame must match to be drawn: the same build, user, settings and layout. */
export type FrameFit = Pick<KeptFrame, 'build' | 'user' | 'settings' | 'width'>;

/** Over this the frame is not kept (the page's shell and filters are a few tens of kilobytes). */
export const MAX_FRAME_CHARS = 200_000;

const keyOf = (screen: string) => `frame.${screen}`;

/** MUI's breakpoints: the layout changes at each. */
export function widthBucket(width: number): number {
  return [600, 900, 1200, 1536].filter((w) => width >= w).length;
}

/** The token's subject and expiry (ms), or null when the token cannot be read. */
function claimsOf(token: string): { sub: string; expires: number } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; exp?: unknown };
    if (typeof json.sub !== 'string' || !json.sub || typeof json.exp !== 'number') return null;
    return { sub: json.sub, expires: json.exp * 1000 };
  } catch {
    return null;
  }
}

interface StoredSession {
  accessToken?: unknown;
  profile?: unknown;
}

/** The signed-in session as stored: its access token, when it expires, and who it is. */
export function storedSession(): { token: string; expires: number; user: string } | null {
  const s = readJson<StoredSession>('session');
  if (!s || typeof s.accessToken !== 'string' || !s.profile) return null;
  const claims = claimsOf(s.accessToken);
  if (!claims) return null;
  return { token: s.accessToken, expires: claims.expires, user: `${claims.sub} ${JSON.stringify(s.profile)}` };
}

/** What the page is now, to keep with a frame or to match a kept one against. */
export function currentFit(user: string): FrameFit {
  let settings = '';
  try {
    settings = localStorage.getItem(`${STORAGE_PREFIX}settings`) ?? '';
  } catch {
    settings = '';
  }
  return { build: BUILD_ID, user, settings, width: widthBucket(window.innerWidth) };
}

const fits = (kept: KeptFrame, now: FrameFit) =>
  kept.build === now.build && kept.user === now.user && kept.settings === now.settings && kept.width === now.width;

/** The screen's kept frame when it was kept for the page as it is now and the same call. */
export function readFrame(screen: string, now: FrameFit, call = ''): KeptFrame | null {
  const kept = readJson<KeptFrame>(keyOf(screen));
  if (!kept || typeof kept.html !== 'string' || typeof kept.row !== 'string' || typeof kept.apiUrl !== 'string')
    return null;
  if (kept.dir !== 'ltr' && kept.dir !== 'rtl') return null;
  if (typeof kept.view?.locale !== 'string' || !(kept.view.pageSize >= 0)) return null;
  if (!kept.variants || typeof kept.variants !== 'object') return null;
  return fits(kept, now) && (kept.call ?? '') === call ? kept : null;
}

export function writeFrame(screen: string, frame: KeptFrame): void {
  const variants = Object.values(frame.variants).reduce((n, v) => n + v.length, 0);
  if (frame.html.length + frame.row.length + variants > MAX_FRAME_CHARS) removeKey(keyOf(screen));
  else writeJson(keyOf(screen), frame);
}
