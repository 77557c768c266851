import ExcelJS from 'exceljs';
import { quotedName } from '../../lambdas/modules/reports/schedule-mail';
import { REPORT_MAIL_WORDS } from '../../lambdas/modules/reports/schedule-mail-words';
import { REPORT_SHEET_HEADERS } from '../../lambdas/modules/reports/schedule-sheet';
import { REPORT_FIGURES } from '../../lambdas/shared/report-columns';
import { check } from './harness';
import { apiCall } from './steps';
import { fill, type DayRun } from './whole-day-run';

/**
 * The reports of a whole day (whole-day.ts): the Reports screen's Excel export, read back, and a
 * scheduled report mailed to the user in their language, read from the local SES catcher. The
 * screen's file is written in the browser with the catalogue's words (reports.columns); the mail and
 * its file on the server with its own (schedule-mail-words.ts, schedule-sheet.ts).
 */
interface Report {
  Currency: string;
  Totals: { Spend: number };
}
interface Schedule {
  Id: number;
  Name: string;
  Version: number;
  NextRunAt: string;
  Language: string;
}
interface Mail {
  To: string[];
  Subject: string;
  Text: string;
  Html: string;
  Attachments?: { FileName: string; Base64: string }[];
}
type Words = (key: 'Label' | (typeof REPORT_FIGURES)[number]) => string;

const LAST_MONTH = '4';

/** A sheet's rows as plain values (index 0 is column A). */
function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

/** The header is the language's (the label, then the 12 figures), every figure a number, the totals row last. */
function checkSheet(rows: ExcelJS.CellValue[][], words: Words, total: string, spend: number, what: string): void {
  const expected = (['Label', ...REPORT_FIGURES] as const).map(words);
  const header = rows[0].slice(0, expected.length);
  check(
    JSON.stringify(header) === JSON.stringify(expected),
    `${what}: the header is ${expected.join(' | ')} (${header.join(' | ')})`,
  );
  const body = rows.slice(1);
  check(body.length >= 2, `${what}: rows and the totals row (${body.length})`);
  for (const r of body) {
    const figures = r.slice(1, expected.length);
    check(
      figures.every((v) => typeof v === 'number' || v === null || v === undefined),
      `${what}: figures are numbers (${JSON.stringify(r)})`,
    );
  }
  const totals = body[body.length - 1];
  check(totals[0] === total, `${what}: the totals row is last, named "${total}" (${String(totals[0])})`);
  check(totals[1] === spend, `${what}: the total spend is the API's ${spend} (${String(totals[1])})`);
}

/** Reports from the menu, last month, "Export to Excel": the file is in the language, its figures numbers. */
export async function exportReport(run: DayRun): Promise<void> {
  const { page, ctx, cat } = run;
  const R = cat.reports.reports;
  const report = await apiCall<Report>(ctx.stack.apiUrl, run.token, 'ReportsService/GetPerformanceReport', {
    period: LAST_MONTH,
  });
  await page.locator('[data-menu-id="reports"]').click();
  await page.waitForURL(/\/performance\/list/);
  await page.getByTestId('report-period').selectOption(LAST_MONTH);
  await page.waitForURL((u) => u.searchParams.get('period') === LAST_MONTH);
  // The grid shows last month once its totals row reads the API's spend (whatever the locale's separators):
  // until then it may still hold the period it opened with.
  const digits = report.Totals.Spend.toFixed(2).replace(/\D/g, '');
  await page
    .getByTestId('report-totals')
    .locator('[data-column="Spend"]')
    .filter({ hasText: new RegExp(`^\\D*${digits.split('').join('\\D*')}\\D*$`) })
    .waitFor();
  await page.getByTestId('report-refreshing').waitFor({ state: 'detached' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: R.export.excel, exact: true }).click(),
  ]);
  const file = await download.path();
  check(file && download.suggestedFilename().endsWith('.xlsx'), `an .xlsx file (${download.suggestedFilename()})`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const [sheet] = book.worksheets;
  check(sheet.name === R.export.sheet, `the sheet is named "${R.export.sheet}" (${sheet.name})`);
  const words: Words = (k) => fill(R.columns[k], { currency: report.Currency });
  checkSheet(rowsOf(sheet), words, R.totals, report.Totals.Spend, "the screen's file");
  ctx.log(`exported "${download.suggestedFilename()}", sheet "${sheet.name}"`);
}

/** Schedules the report on screen from its dialog (in the console's language by default), to the user alone. */
async function scheduleToSelf(run: DayRun): Promise<Schedule> {
  const { page, ctx, cat, lang } = run;
  await page.getByTestId('report-schedule-button').click();
  const dialog = page.getByRole('dialog', { name: cat.reports.reports.schedule.createTitle });
  await dialog.waitFor();
  const language = await dialog.getByTestId('schedule-language').inputValue();
  check(language === lang, `the mail's language is the console's, ${lang} (${language})`);
  const nameField = dialog.getByTestId('schedule-name');
  const name = `${await nameField.inputValue()} ${Date.now().toString(36)}`;
  await nameField.fill(name);
  const recipients = dialog.getByTestId('schedule-recipients-input');
  await recipients.fill(run.email);
  await recipients.press('Enter');
  await dialog.getByTestId('schedule-recipient').filter({ hasText: run.email }).waitFor();
  await dialog.getByRole('button', { name: cat.core.common.save, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const listed = await apiCall<{ Items: Schedule[] }>(
    ctx.stack.apiUrl,
    run.token,
    'ReportsService/GetReportSchedulesList',
    {},
  );
  const schedule = listed.Items.find((s) => s.Name === name);
  check(schedule && schedule.Language === lang, `"${name}" is saved in ${lang} (${JSON.stringify(schedule)})`);
  return schedule;
}

/** A day as the mail writes it (schedule-mail.ts: the console's medium date, in the words' locale). */
const mailDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The scheduler's clock moved past the next run: the mail in the catcher, its words and its file the language's. */
export async function scheduledMail(run: DayRun): Promise<void> {
  const { ctx, lang } = run;
  const { stack } = ctx;
  const schedule = await scheduleToSelf(run);
  const sent = await stack.runReportSchedules(new Date(Date.parse(schedule.NextRunAt) + 60_000));
  check(sent.sent >= 1 && sent.failed === 0, `the schedule was sent (${JSON.stringify(sent)})`);
  const log = await apiCall<{ Items: { Status: string; PeriodFrom: string; PeriodTo: string }[] }>(
    stack.apiUrl,
    run.token,
    'ReportsService/GetReportScheduleLog',
    { scheduleId: schedule.Id },
  );
  const send = log.Items.find((s) => s.Status === 'sent');
  check(send, `the send log has a sent entry (${JSON.stringify(log.Items)})`);

  const w = REPORT_MAIL_WORDS[lang];
  const named = [
    quotedName(schedule.Name),
    mailDay(send.PeriodFrom, w.locale),
    mailDay(send.PeriodTo, w.locale),
  ] as const;
  const subject = w.subject(...named);
  const mails = (await (await fetch(`${stack.sesEndpoint}/_fake/mails`)).json()) as Mail[];
  const mail = mails.find((m) => m.To.includes(run.email) && m.Subject === subject);
  check(mail, `a mail "${subject}" to ${run.email} (${mails.map((m) => m.Subject).join(' | ')})`);
  check(mail.Text.startsWith(w.intro(...named)), `the mail opens with its ${lang} sentence (${mail.Text})`);
  check(
    mail.Text.includes(w.totals) && mail.Text.includes(`${w.labels.Spend}${w.colon}`),
    `the mail's totals are in ${lang} (${mail.Text})`,
  );
  check(mail.Html.includes(`lang="${lang}"`) && mail.Html.includes('dir="ltr"'), 'the HTML part names its language');

  const attached = mail.Attachments?.find((a) => a.FileName.endsWith('.xlsx'));
  check(attached, 'the report is attached as an .xlsx file');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(attached.Base64, 'base64') as unknown as ArrayBuffer);
  const H = REPORT_SHEET_HEADERS[lang];
  const report = await apiCall<Report>(stack.apiUrl, run.token, 'ReportsService/GetPerformanceReport', {
    from: send.PeriodFrom,
    to: send.PeriodTo,
  });
  const words: Words = (k) => fill(H[k], { currency: report.Currency });
  checkSheet(rowsOf(book.worksheets[0]), words, H.total, report.Totals.Spend, 'the mailed file');
  ctx.log(`mail "${mail.Subject}" with ${attached.FileName}`);

  // Deleted, so the stack's every-minute run stays quiet for the journeys after.
  await apiCall(stack.apiUrl, run.token, 'ReportsService/DeleteReportSchedule', {
    scheduleId: schedule.Id,
    version: schedule.Version,
  });
}
