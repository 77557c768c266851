import type { Page } from 'playwright-core';
import frAuth from '../../web/src/locales/auth.fr.json';
import frCore from '../../web/src/locales/fr.json';
import frPlan from '../../web/src/locales/media-plan.fr.json';
import frReports from '../../web/src/locales/reports.fr.json';
import zhAuth from '../../web/src/locales/auth.zh.json';
import zhCore from '../../web/src/locales/zh.json';
import zhPlan from '../../web/src/locales/media-plan.zh.json';
import zhReports from '../../web/src/locales/reports.zh.json';
import { check, type JourneyContext } from './harness';

/** What the steps of a whole day share (whole-day.ts): the user, their language and its catalogues. */
export type DayLanguage = 'fr' | 'zh';

export const CATALOGUES = {
  fr: { core: frCore, auth: frAuth, plan: frPlan, reports: frReports },
  zh: { core: zhCore, auth: zhAuth, plan: zhPlan, reports: zhReports },
} as const;
export type DayCatalogue = (typeof CATALOGUES)[DayLanguage];

export interface Day {
  lang: DayLanguage;
  /** The demo user (staff who may read Operational reports: the plan and the reports are theirs). */
  email: string;
  /** The browser's own locale (Accept-Language; the console goes by the user's choice, not by it). */
  browserLocale: string;
  /** 1 December 2026 as the language types a date in the grid's date cells (lib/forms/date-text.ts). */
  typedFirstOfDecember: string;
  /** 12,345.67 as the language types a number in the grid's number cells (lib/forms/number-text.ts). */
  typedNewBudget: string;
  /** The plan's activity, named in the language. */
  activityName: string;
}

export interface DayRun extends Day {
  cat: DayCatalogue;
  tag: string;
  page: Page;
  token: string;
  ctx: JourneyContext;
}

/** A catalogue string with its {{params}} filled in. */
export const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

/** <html> carries the language and reads left to right. */
export async function checkDocument(page: Page, lang: DayLanguage, where: string): Promise<void> {
  const html = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  check(
    html.lang === lang && html.dir === 'ltr',
    `${where}: <html lang="${lang}" dir="ltr"> (${JSON.stringify(html)})`,
  );
}
