import { readSheet } from 'read-excel-file/node';
import type { Page } from 'playwright-core';
import { check, screenshotPath, type Journey, type JourneyContext } from './harness';
import { apiCall, apiToken, openLastMonthReport } from './steps';

/**
 * Scheduled reports in real Chromium against the local stack: the analyst (Operational
 * reports) opens Reports for last month, chooses Schedule, makes it monthly on the 1st for "last
 * month" with a delay and one recipient (a user of the demo company), and saves. The test then moves
 * the scheduler's clock to one minute past the schedule's next run (`stack.runReportSchedules`), finds
 * the mail to that recipient in the local SES catcher, reads its attached .xlsx with read-excel-file,
 * and checks that the file's totals are the Reports screen's totals row for the period the mail
 * covers (on the next 1st, "last month" is the month of today: opened in the browser as a custom
 * range). A client of one account offered as a recipient is refused first, the dialog naming them.
 * The schedules screen then shows the send as "sent" in the schedule's log, and the
 * schedule is deleted there (confirmed). Last, a schedule of one client's account names an outside
 * address: the screen shows it awaiting confirmation until the confirmation mail's link is opened
 * and its button pressed, then confirmed.
 */
const ANALYST = 'analyst@demo.mixdesk.test';
const RECIPIENT = 'planner@demo.mixdesk.test';
/** A client user of one account: refused as a recipient of this company-wide report. */
const CLIENT = 'client@demo.mixdesk.test';
const DELAY_HOURS = 3;

interface Schedule {
  Id: number;
  Name: string;
  NextRunAt: string;
  Frequency: string;
  Period: string;
  Recipients: string[];
  DelayHours: number;
}
interface OutsideSchedule {
  Id: number;
  Version: number;
  OutsideRecipients: { Address: string; State: string }[];
}
interface Send {
  Status: string;
  PeriodFrom: string;
  PeriodTo: string;
  Attempt: number;
}
interface Mail {
  To: string[];
  Subject: string;
  Text: string;
  Attachments?: { FileName: string; ContentType: string; Base64: string }[];
}
type Cell = string | number | boolean | Date | null;

/** "1,234.50" → 1234.5 (the English grid's figures). */
const figure = (s: string) => Number(s.replace(/[,\s]/g, ''));
/** A day and hour in a time zone, e.g. "2026-12-01 03". */
const localHour = (iso: string, timeZone: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}`;
};

const journey: Journey = {
  name: 'scheduled-reports',
  async run({ newPage, webUrl, stack, log }) {
    const token = await apiToken(stack, ANALYST);
    const name = `Monthly by account ${Date.now().toString(36)}`;
    const { TimeZone } = await apiCall<{ TimeZone: string }>(
      stack.apiUrl,
      token,
      'ConfigurationsService/GetConfigurations',
      {},
    );

    const page = await newPage();
    await openLastMonthReport(page, webUrl, ANALYST);
    await page.getByTestId('report-totals').waitFor({ timeout: 20_000 });

    // Schedule: monthly on the 1st, last month, a delay, one recipient (a user of the company), in English.
    await page.getByTestId('report-schedule-button').click();
    const dialog = page.getByRole('dialog', { name: /Schedule this report/ });
    await dialog.waitFor();
    check(
      (await dialog.getByTestId('schedule-period').inputValue()) === 'lastMonth',
      "the dialog starts from the screen's period, made relative (last month)",
    );
    await dialog.getByTestId('schedule-name').fill(name);
    await dialog.getByTestId('schedule-frequency').selectOption('monthly');
    await dialog.getByTestId('schedule-period').selectOption('lastMonth');
    await dialog.getByTestId('schedule-delay').fill(String(DELAY_HOURS));
    await dialog.getByTestId('schedule-language').selectOption('en');
    const recipients = dialog.getByTestId('schedule-recipients-input');
    // A client of one account may not receive every account's rows: the save is refused, naming them.
    await recipients.fill(CLIENT);
    await recipients.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const refused = dialog
      .locator('[data-testid="schedule-recipient"][data-invalid="true"]')
      .filter({ hasText: CLIENT });
    await refused.waitFor();
    const why = await dialog
      .locator('#schedule-dialog-Recipients-helper-text, [id$="-helper-text"]')
      .filter({ hasText: CLIENT })
      .first()
      .innerText();
    check(why.includes(CLIENT) && /every account/.test(why), `the refusal names the recipient (${why})`);
    await refused.locator('.MuiChip-deleteIcon').click();
    await refused.waitFor({ state: 'detached' });
    await recipients.fill(RECIPIENT);
    await recipients.press('Enter');
    await dialog.getByTestId('schedule-recipient').filter({ hasText: RECIPIENT }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const schedules = await apiCall<{ Items: Schedule[] }>(
      stack.apiUrl,
      token,
      'ReportsService/GetReportSchedulesList',
      {},
    );
    const schedule = schedules.Items.find((s) => s.Name === name);
    check(schedule, `the schedule "${name}" is saved`);
    check(
      schedule.Frequency === 'monthly' &&
        schedule.Period === 'lastMonth' &&
        schedule.DelayHours === DELAY_HOURS &&
        schedule.Recipients.length === 1 &&
        schedule.Recipients[0] === RECIPIENT,
      `saved as asked (${JSON.stringify(schedule)})`,
    );
    const due = localHour(schedule.NextRunAt, TimeZone);
    check(/^\d{4}-\d{2}-01 03$/.test(due), `the next run is a 1st at 03:00 in ${TimeZone} (${due})`);
    log(`"${name}" next runs at ${schedule.NextRunAt} (${due}:00 ${TimeZone})`);

    // The scheduler's clock: one minute past the next run.
    const run = await stack.runReportSchedules(new Date(Date.parse(schedule.NextRunAt) + 60_000));
    check(run.sent >= 1 && run.failed === 0, `the due schedule was sent (${JSON.stringify(run)})`);

    const sends = await apiCall<{ Items: Send[] }>(stack.apiUrl, token, 'ReportsService/GetReportScheduleLog', {
      scheduleId: schedule.Id,
    });
    const sent = sends.Items.find((s) => s.Status === 'sent');
    check(sent, `the send log has a sent entry (${JSON.stringify(sends.Items)})`);
    const { PeriodFrom: from, PeriodTo: to } = sent;
    check(
      from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && from < due.slice(0, 10) && to < due.slice(0, 10),
      `the mail covers the whole month before the run (${from} – ${to})`,
    );

    const mails = (await (await fetch(`${stack.sesEndpoint}/_fake/mails`)).json()) as Mail[];
    const mail = mails.find((m) => m.To.includes(RECIPIENT) && m.Subject.includes(name));
    check(
      mail,
      `a mail to ${RECIPIENT} naming "${name}" was caught (${mails.map((m) => `${m.To.join(',')}: ${m.Subject}`).join(' | ')})`,
    );
    const file = mail.Attachments?.find((a) => a.FileName.endsWith('.xlsx'));
    check(file, `the mail has the Excel file attached (${(mail.Attachments ?? []).map((a) => a.FileName).join(', ')})`);
    check(file.FileName.endsWith(`-${from}-${to}.xlsx`), `the file is named for the period (${file.FileName})`);
    const rows = (await readSheet(Buffer.from(file.Base64, 'base64'))) as Cell[][];
    const headerAt = rows.findIndex((r) => r.some((c) => typeof c === 'string' && c.startsWith('Spend')));
    check(headerAt >= 0, `the sheet has a header row with Spend (${JSON.stringify(rows.slice(0, 3))})`);
    const header = rows[headerAt].map((c) => String(c ?? ''));
    const totals = rows.filter((r) => r.some((c) => c !== null && c !== '')).at(-1) ?? [];
    check(totals[0] === 'Total', `the totals row is last (${JSON.stringify(totals)})`);
    const inFile = (prefix: string) => {
      const i = header.findIndex((h) => h === prefix || h.startsWith(`${prefix} (`));
      check(i >= 0, `the sheet has a ${prefix} column (${header.join(' | ')})`);
      return Number(totals[i]);
    };

    // The Reports screen for the period the mail covers.
    await page.goto(`${webUrl}/performance/list?from=${from}&to=${to}`);
    await page.getByTestId('report-totals').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="report-refreshing"]'));
    const onScreen = async (column: string) =>
      figure((await page.getByTestId('report-totals').locator(`[data-column="${column}"]`).innerText()).trim());
    for (const column of ['Spend', 'Impressions', 'Clicks', 'Conversions', 'ConversionValue']) {
      const prefix = column === 'ConversionValue' ? 'Conversion value' : column;
      const [a, b] = [inFile(prefix), await onScreen(column)];
      check(Math.abs(a - b) < 0.005, `the file's total ${prefix} is the screen's (${a} vs ${b})`);
    }
    const spend = await onScreen('Spend');
    check(spend > 0, `the month has spend to compare (${spend})`);
    log(`mail "${mail.Subject}" with ${file.FileName}: total spend ${spend}, as on the screen for ${from} – ${to}`);

    // The schedules screen: the schedule's log shows the send.
    await page.getByTestId('report-schedules-link').click();
    await page.waitForURL(/\/performance\/schedules$/);
    const row = page.locator(`[data-testid="report-schedule-row"][data-name="${name}"]`);
    await row.waitFor();
    check(
      (await row.locator('[data-column="lastSend"]').getAttribute('data-status')) === 'sent',
      'the schedule\'s last send is "sent"',
    );
    await row.getByTestId('schedule-log-toggle').click();
    await page.locator('[data-testid="schedule-send-row"][data-status="sent"]').first().waitFor();
    check(
      (await page.locator('[data-testid="schedule-send-row"][data-status="sent"]').first().innerText()).includes(
        'Sent',
      ),
      'the send log shows "Sent"',
    );
    await page.screenshot({ path: screenshotPath('scheduled-reports-log') });

    // Deleted (confirmed): off the list, and no longer due (the stack's every-minute run stays quiet for the journeys after).
    await row.getByTestId('schedule-delete').click();
    await page
      .getByRole('dialog', { name: 'Delete the scheduled report?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
    const left = await apiCall<{ Items: Schedule[] }>(stack.apiUrl, token, 'ReportsService/GetReportSchedulesList', {});
    check(!left.Items.some((s) => s.Id === schedule.Id), 'the deleted schedule is not listed');

    await outsideRecipient(page, webUrl, stack, token);
    return page;
  },
};

/** An outside address on a client's schedule: awaiting confirmation, then confirmed through the mail's link (open, press its button). */
async function outsideRecipient(page: Page, webUrl: string, stack: JourneyContext['stack'], token: string) {
  const accounts = await apiCall<{ Items: { ID: number; Name: string }[] }>(
    stack.apiUrl,
    token,
    'AccountsService/GetAccountsList',
    { mainAccountId: -1, pageSize: 100 },
  );
  const hadar = accounts.Items.find((a) => a.Name === 'Hadar Insurance');
  check(hadar, 'the demo company has Hadar Insurance');
  const stamp = Date.now().toString(36);
  const address = `reports-${stamp}@outside-client.test`;
  const name = `Hadar daily ${stamp}`;
  const saved = await apiCall<OutsideSchedule>(stack.apiUrl, token, 'ReportsService/SaveReportSchedule', {
    schedule: {
      Name: name,
      Filters: { groupBy: 'activity', accountId: hadar.ID },
      Period: 'yesterday',
      Frequency: 'daily',
      DelayHours: 0,
      Recipients: [address],
      Language: 'en',
      Active: true,
    },
  });
  check(
    saved.OutsideRecipients.some((o) => o.Address === address && o.State === 'pending'),
    `the outside address is saved pending (${JSON.stringify(saved.OutsideRecipients)})`,
  );

  await page.goto(`${webUrl}/performance/schedules`);
  const row = page.locator(`[data-testid="report-schedule-row"][data-name="${name}"]`);
  const outside = row.getByTestId('schedule-outside-recipient').filter({ hasText: address });
  await outside.waitFor();
  check(
    (await outside.getAttribute('data-state')) === 'pending' &&
      (await outside.innerText()).includes('awaiting confirmation'),
    'the screen shows the address awaiting confirmation',
  );

  // The confirmation mail goes with the scheduler's next run; its link's page asks, its button confirms.
  await stack.runReportSchedules(new Date());
  const mails = (await (await fetch(`${stack.sesEndpoint}/_fake/mails`)).json()) as Mail[];
  const ask = mails.find((m) => m.To.includes(address) && /confirm/i.test(m.Subject));
  const link = ask && /(http\S+\/confirm-recipient\?t=\S+)/.exec(ask.Text)?.[1];
  check(link, `a confirmation mail with its link reached ${address}`);
  const confirm = await page.context().newPage();
  await confirm.goto(link);
  await confirm.getByRole('button').click();
  await confirm.getByText(`${address} is confirmed`).waitFor();
  await confirm.close();

  await page.reload();
  await outside.waitFor();
  check(
    (await outside.getAttribute('data-state')) === 'confirmed' && (await outside.innerText()).includes('confirmed'),
    'after the link, the screen shows the address confirmed',
  );
  await page.screenshot({ path: screenshotPath('scheduled-reports-outside') });
  // Deleted, so the stack's every-minute run stays quiet for the journeys after.
  const listed = await apiCall<{ Items: OutsideSchedule[] }>(
    stack.apiUrl,
    token,
    'ReportsService/GetReportSchedulesList',
    {},
  );
  const current = listed.Items.find((x) => x.Id === saved.Id);
  check(current, 'the outside schedule is listed');
  await apiCall(stack.apiUrl, token, 'ReportsService/DeleteReportSchedule', {
    scheduleId: saved.Id,
    version: current.Version,
  });
}

export default journey;
