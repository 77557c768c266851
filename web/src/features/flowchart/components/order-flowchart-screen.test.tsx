/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OrderView } from '@server/modules/orders/replies';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import { inLocale } from '../../../testing/hebrew';
import { i18n } from '../../../lib/i18n';
import { AREA_CATALOGUES } from '../../../locales/areas';
import { FLOW_CHANNEL_TYPES } from '../testing/flow-fixtures';
import { OrderFlowchartScreen } from './order-flowchart-screen';

setUpScreenTests({ quiet: true, forgetAccounts: true });

const line = (LineId: number, Name: string, typeId: number, months: [string, number][], dates: [string, string]) => ({
  LineId,
  Name,
  ChannelTypeName: typeId === 101 ? 'Google Search' : 'YouTube',
  AccountChannelTypeId: typeId,
  StartDate: dates[0],
  EndDate: dates[1],
  Months: months.map(([Month, Amount]) => ({ Month, Amount })),
  Total: Math.round(months.reduce((n, [, a]) => n + a * 100, 0)) / 100,
});

/** A USD order of two lines: Search 142.15 + 128.39 (Jan–Feb), YouTube 100.00 + 50.50 (Feb–Mar). */
const ORDER = {
  ID: 12,
  ActivityId: 7,
  ActivityName: 'Spring launch',
  AccountId: 1,
  AccountName: 'Hadar Insurance',
  SubAccountId: null,
  VendorId: 5,
  VendorName: 'Google',
  MediaMixId: 41,
  PlanVersion: 2,
  Version: 3,
  Status: 'approved',
  Currency: 1,
  CurrencyCode: 'USD',
  LineCount: 2,
  Total: 421.04,
  Lines: [
    line(
      90,
      'Search brand',
      101,
      [
        ['2026-01', 142.15],
        ['2026-02', 128.39],
      ],
      ['2026-01-01', '2026-02-28'],
    ),
    line(
      91,
      'YouTube pre-roll',
      102,
      [
        ['2026-02', 100],
        ['2026-03', 50.5],
      ],
      ['2026-02-01', '2026-03-31'],
    ),
  ],
} as unknown as OrderView;

const PDF = { FileName: 'Order 12.pdf', ContentType: 'application/pdf', ContentDisposition: '', Base64: 'JVBERi0=' };

const serve = () =>
  mockApi({
    'OrdersService/GetOrder': () => ok(ORDER),
    'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: FLOW_CHANNEL_TYPES }),
    'OrdersService/ExportOrderFlowchart': () => ok(PDF),
  });
const show = () => renderWithProviders(<OrderFlowchartScreen accountId={1} orderId={12} />);
const rowText = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((c) =>
    stripIsolates(c.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

beforeEach(() => {
  signInAs(PROFILES.admin);
  jest.useFakeTimers({
    now: new Date('2026-02-15T10:00:00Z'),
    doNotFake: ['setTimeout', 'clearTimeout', 'queueMicrotask', 'nextTick', 'setImmediate', 'performance'],
  });
});
afterEach(() => jest.useRealTimers());

it("shows the order's lines × months in the vendor's currency, by channel group, with totals and today", async () => {
  serve();
  show();
  const table = await screen.findByRole('table', { name: 'Flowchart of order 12: lines by month' });
  expect(screen.getByRole('heading', { name: 'Order 12 · Google · USD' })).toBeTruthy();
  expect(within(table).getAllByRole('row').map(rowText)).toEqual([
    ['Line', 'Jan 2026', 'Feb 2026Today', 'Mar 2026', 'Total'],
    ['Search', '142.15', '128.39', '', '270.54'],
    ['Search brand', '142.15', '128.39', '', '270.54'],
    ['Video', '', '100.00', '50.50', '150.50'],
    ['YouTube pre-roll', '', '100.00', '50.50', '150.50'],
    ['Total', '142.15', '228.39', '50.50', '421.04'],
  ]);
  // One vendor: no vendor grouping; the way back is the order.
  expect(screen.queryByTestId('group-vendor')).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe('/orders/1/12/detail');
});

it('asks the server for the PDF with the screen’s columns, grouping and language, and saves it', async () => {
  const api = serve();
  const saved: Blob[] = [];
  (URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = (b: Blob) => {
    saved.push(b);
    return 'blob:pdf';
  };
  (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
  const names: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  show();
  await screen.findByRole('table');
  fireEvent.click(screen.getByTestId('grain-week'));
  fireEvent.click(screen.getByTestId('group-channel-type'));
  await act(async () => {
    fireEvent.click(screen.getByTestId('export-flowchart-pdf'));
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(callsTo(api, 'ExportOrderFlowchart').map((c) => c.body)).toEqual([
    { orderId: 12, language: 'en', grain: 'week', groupBy: 'channelType' },
  ]);
  expect(names).toEqual(['Order 12.pdf']);
  expect(saved.map((b) => b.type)).toEqual(['application/pdf']);
  click.mockRestore();
});

it('speaks each of the five languages, Hebrew right to left', async () => {
  const want = {
    he: 'תרשים זרימה של הזמנה 12: שורות לפי חודש',
    fr: 'Flowchart de la commande 12 : lignes par mois',
    ro: 'Flowchart-ul comenzii 12: linii pe lună',
    zh: '订单 12 的排期表：按月显示各行',
  } as const;
  for (const [locale, label] of Object.entries(want) as [keyof typeof want, string][]) {
    await inLocale(locale, async () => {
      // The tests hold English and Hebrew only; the feature's strings come with its route in the console.
      const strings = (await AREA_CATALOGUES['media-plan'][locale]()).default;
      i18n.addResourceBundle(locale, 'translation', strings, true, true);
      await act(() => i18n.changeLanguage(locale).then(() => undefined));
      serve();
      const { unmount } = show();
      const table = await screen.findByRole('table');
      expect(stripIsolates(table.getAttribute('aria-label') ?? '')).toBe(label);
      expect(document.documentElement.dir).toBe(locale === 'he' ? 'rtl' : 'ltr');
      unmount();
    });
  }
});
