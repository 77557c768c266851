import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '../../local/start';

/** What each journey gets: the running stack and a fresh browser context per journey. */
export interface JourneyContext {
  stack: LocalStack;
  webUrl: string;
  browser: Browser;
  /** A new page in a context of its own (a fresh profile: no stored session), watched by axe-core. */
  newPage: (locale?: string) => Promise<Page>;
  /** The same on a phone (PHONE: 390 × 844, touch): a journey taps there (`locator.tap()`). */
  newPhonePage: () => Promise<Page>;
  /** Audits the page as it is now with axe-core (screens and dialogs are audited without asking). */
  audit: (page: Page, label: string) => Promise<void>;
  log: (line: string) => void;
}

export interface Journey {
  name: string;
  run: (ctx: JourneyContext) => Promise<Page>;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'artifacts', 'screenshots');
export const DEMO_PASSWORD = 'Mixdesk-demo-2026!';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function newContext(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale });
  ctx.setDefaultTimeout(60_000);
  return ctx;
}

/** A phone held upright: 390 × 844 CSS px at 3× (the size of today's common phones), touch, a mobile viewport. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
} as const;

export async function newPhoneContext(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ ...PHONE, locale });
  ctx.setDefaultTimeout(60_000);
  return ctx;
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

export class JourneyFailure extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new JourneyFailure(message);
}

/**
 * The whole page, laid out at its full height first, then captured. Chromium's own full-page capture
 * stretches the page under its fixed parts without laying them out again: the side menu came out
 * over the screen's content. The page keeps the taller viewport (its journey is over).
 */
export async function screenshotWholePage(page: Page, file: string): Promise<void> {
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (size && height > size.height) {
    // Chromium captures up to 16,384 px a side.
    await page.setViewportSize({ width: size.width, height: Math.min(height, 16_000) });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
  await page.screenshot({ path: file });
}
