import { readSheet } from 'read-excel-file/node';
import { runDueReportSchedules } from '../../lambdas/modules/reports/schedule-runs';
import { handler } from '../../lambdas/public/unsubscribe';
import { sesMailer } from '../../lambdas/aws/ses-mailer';
import { resetUnsubscribeKey } from '../../lambdas/modules/reports/unsubscribe-key-store.secrets-manager';
import type { ReportScheduleView } from '../../lambdas/modules/reports/replies/report-schedules';
import { startFakeSes, type CaughtMail, type FakeSes } from '../../local/fakes/ses-server';
import { expectOk } from '../media-plans/helpers';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * A schedule in French and in Chinese, end to end through the local SES server: the outside
 * address's confirmation mail, the confirmation page its link opens, the report mail (subject,
 * body, `lang` and `dir`), its Excel file's headers, and the unsubscribe page — each in the
 * schedule's language. Hebrew and English are pinned by the other suites.
 */
let c: Company;
let ses: FakeSes;
const sleepless = async () => undefined;
const mailer = () =>
  sesMailer({
    from: 'Mixdesk <reports@mixdesk.test>',
    region: 'local',
    endpoint: ses.endpoint,
    sleep: sleepless,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
  });
const run = (now: Date) =>
  runDueReportSchedules(now, {
    mailer: mailer(),
    unsubscribeUrl: 'http://api.test/unsubscribe',
    confirmUrl: 'http://api.test/confirm-recipient',
    companyIds: [c.companyId],
  });
/** The public handler at a link the mail holds (its query as API Gateway hands it over). */
const open = (link: string, method: 'GET' | 'POST' = 'GET') => {
  const url = new URL(link);
  return handler({
    queryStringParameters: Object.fromEntries(url.searchParams),
    rawPath: url.pathname,
    requestContext: { http: { method } },
  });
};
const linkIn = (m: CaughtMail, path: string) =>
  new RegExp(`http://api\\.test/${path}\\?\\S+`).exec(m.Text)?.[0] ?? 'http://api.test/missing';

const save = async (name: string, language: string, outside: string) =>
  expectOk(
    await invoke('ReportsService', 'SaveReportSchedule', {
      as: c.analyst,
      body: {
        schedule: {
          Name: name,
          Filters: { groupBy: 'activity', accountId: c.accounts.main.ID },
          Period: 'yesterday',
          Frequency: 'daily',
          DelayHours: 0,
          Recipients: [c.analyst.email, outside],
          Language: language,
          Active: true,
        },
      },
    }),
  ) as ReportScheduleView;

beforeAll(async () => {
  delete process.env.UNSUBSCRIBE_SECRET_ARN;
  delete process.env.UNSUBSCRIBE_KEY;
  resetUnsubscribeKey();
  c = await makeCompany('Languages Agency');
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
});
afterAll(() => ses.stop());

const CASES = [
  {
    lang: 'fr',
    name: 'Rapport client',
    confirmSubject: 'Mixdesk : confirmez que vous souhaitez recevoir des rapports programmés',
    ask: 'Recevoir les rapports programmés de Mixdesk à l&#39;adresse',
    done: 'est confirmée : elle recevra les rapports programmés',
    subject: /^Rapport programmé Mixdesk : « Rapport client », du .+ au .+$/,
    body: [
      'Votre rapport programmé « Rapport client »',
      'Totaux :',
      'Dépenses : 0,00 ILS',
      'Ne plus recevoir ce rapport : ',
    ],
    headers: ['Nom', 'Dépenses (ILS)', 'Impressions', 'Clics'],
    total: 'Total',
    gone: 'ne recevra plus le rapport programmé « Rapport client ».',
  },
  {
    lang: 'zh',
    name: '客户日报',
    confirmSubject: 'Mixdesk：请确认您希望接收定时报表',
    ask: '接收来自 Mixdesk 的定时报表？',
    done: '已确认：将接收发送至该地址的定时报表。',
    subject: /^Mixdesk 定时报表：“客户日报”，.+至.+$/,
    body: ['您的定时报表“客户日报”', '总计：', '花费：0.00 ILS', '不再接收此报表：'],
    headers: ['名称', '花费（ILS）', '展示次数', '点击次数'],
    total: '总计',
    gone: '将不再收到定时报表“客户日报”。',
  },
] as const;

it.each(CASES)('a schedule in $lang: confirmation, pages, the report mail and its file', async (k) => {
  const outside = `contact-${k.lang}@outside-client.test`;
  const s = await save(k.name, k.lang, outside);
  await run(new Date(s.NextRunAt));

  // The confirmation mail, and the page its link opens: in the schedule's language, then English.
  const ask = ses.mails().find((m) => m.To[0] === outside && m.Subject === k.confirmSubject)!;
  expect(ask).toBeDefined();
  expect(ask.Html).toContain(`<div dir="ltr" lang="${k.lang}">`);
  const confirmLink = linkIn(ask, 'confirm-recipient');
  expect(confirmLink).toContain(`&l=${k.lang}`);
  const shown = await open(confirmLink);
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain(`<html lang="${k.lang}" dir="ltr">`);
  expect(shown.body).toContain(k.ask);
  expect(shown.body).toContain(`&amp;l=${k.lang}"`);
  const done = await open(confirmLink, 'POST');
  expect(done.statusCode).toBe(200);
  expect(done.body).toContain(k.done);

  // The next run mails the report to both; its mail and file are in the schedule's language.
  const next = expectOk(await invoke('ReportsService', 'GetReportSchedulesList', { as: c.analyst, body: {} })) as {
    Items: ReportScheduleView[];
  };
  await run(new Date(next.Items.find((x) => x.Id === s.Id)!.NextRunAt));
  const report = ses.mails().find((m) => m.To[0] === outside && k.subject.test(m.Subject))!;
  expect(report).toBeDefined();
  expect(report.Html.startsWith(`<div dir="ltr" lang="${k.lang}">`)).toBe(true);
  for (const part of k.body) expect(report.Text).toContain(part);
  const [file] = report.Attachments;
  const rows = (await readSheet(Buffer.from(file.Base64, 'base64'))) as unknown[][];
  expect(rows[0].slice(0, 4)).toEqual(k.headers);
  expect(rows[rows.length - 1][0]).toBe(k.total);

  // Its unsubscribe link opens the page in the schedule's language; a link made bad, the same language then English.
  const unsubscribe = linkIn(report, 'unsubscribe');
  expect(unsubscribe).toContain(`&l=${k.lang}`);
  const left = await open(unsubscribe);
  expect(left.statusCode).toBe(200);
  expect(left.body).toContain(`<html lang="${k.lang}" dir="ltr">`);
  expect(left.body).toContain(k.gone);
  const bad = await open(unsubscribe.replace('t=v1.', 't=v9.'));
  expect(bad.statusCode).toBe(400);
  expect(bad.body).toContain(`<html lang="${k.lang}" dir="ltr">`);
  expect(bad.body).toContain('<p lang="en" dir="ltr">This unsubscribe link is not valid.</p>');
});
