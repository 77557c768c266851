/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import { FLOW_CHANNEL_TYPES, FLOW_LINES, flowVersion } from '../testing/flow-fixtures';
import { FlowchartScreen } from './flowchart-screen';
import { ONLY_DATE } from '../../../../../test/support/clock';

setUpScreenTests({ quiet: true, forgetAccounts: true });

const vendor = (ID: number, Name: string, Archived: boolean) => ({ ID, Name, Archived });

function serve(lines = FLOW_LINES) {
  return mockApi({
    'MediaMixService/GetMediaMixInfo': () => ok(flowVersion(lines)),
    // Two pages of active vendors, then the archived ones.
    'VendorsService/GetVendorsList': (body) =>
      ok(
        body.archived
          ? { Items: [vendor(8, 'Old Media Ltd', true)], NextToken: null }
          : body.nextToken
            ? { Items: [vendor(7, 'Google Ireland', false)], NextToken: null }
            : { Items: [vendor(6, 'Keshet', false)], NextToken: 'p2' },
      ),
    'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: FLOW_CHANNEL_TYPES }),
    'MediaMixService/ExportMediaMixFlowchart': () =>
      ok({
        FileName: 'Spring launch plan - Flowchart.pdf',
        ContentType: 'application/pdf',
        ContentDisposition: 'attachment',
        Base64: 'JVBERi0=',
      }),
    'AccountsService/GetMainAccount': () =>
      ok({
        ID: 1,
        Name: 'Hadar Insurance',
        Currency: 2,
        SubAccountId: null,
        SubAccountName: null,
        AccessPermissions: [],
      }),
  });
}

const show = () => renderWithProviders(<FlowchartScreen accountId={1} activityId={5} versionId={11} />);
/** A row's cells as text: its header, then each cell. */
const rowText = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((c) =>
    stripIsolates(c.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
const columnHeaders = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => stripIsolates(h.textContent ?? ''));

// Only the Date is fake (today is 15 February 2026, noon in every zone's day): the waits keep their real timers.
beforeEach(() => {
  signInAs(PROFILES.admin);
  jest.useFakeTimers({ now: new Date('2026-02-15T10:00:00Z'), doNotFake: [...ONLY_DATE] });
});
afterEach(() => jest.useRealTimers());

it('shows the lines as bars by month, grouped by channel group, with subtotals, totals and today', async () => {
  serve();
  show();
  const table = await screen.findByRole('table', { name: 'Flowchart of version 2: lines by month' });
  expect(columnHeaders()).toEqual(['Line', 'Jan 2026', 'Feb 2026Today', 'Mar 2026', 'Total']);
  expect(
    within(table)
      .getByRole('columnheader', { name: /Feb 2026/ })
      .getAttribute('aria-current'),
  ).toBe('date');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map(rowText)).toEqual([
    ['Search', '545.45', '454.55', '', '1,000.00'],
    ['Search brand', '545.45', '454.55', '', '1,000.00'],
    ['Video', '', '600.00', '400.00', '1,000.00'],
    ['YouTube pre-roll', '', '600.00', '400.00', '1,000.00'],
    ['Total', '545.45', '1,054.55', '400.00', '2,000.00'],
  ]);
  // The bars: two periods of each line (the archived line is not shown).
  expect(within(screen.getByTestId('flow-line-1')).getAllByTestId('flow-bar')).toHaveLength(2);
  expect(within(screen.getByTestId('flow-line-2')).getAllByTestId('flow-bar')).toHaveLength(2);
  expect(screen.queryByText('Gone')).toBeNull();
});

it('switches to weeks from Sunday and to channel types, the totals unchanged', async () => {
  serve();
  show();
  await screen.findByRole('table');
  fireEvent.click(screen.getByTestId('grain-week'));
  const table = screen.getByRole('table', { name: 'Flowchart of version 2: lines by week' });
  // 2026-01-18 is a Sunday: the first week holds 20 January; the last ends on Saturday 4 April.
  const headers = columnHeaders();
  expect(headers[1]).toBe('Week of Jan 18');
  expect(headers[headers.length - 2]).toBe('Week of Mar 29');
  expect(stripIsolates(screen.getByTestId('flow-total').textContent ?? '')).toBe('2,000.00');
  expect(
    within(table)
      .getByRole('columnheader', { name: /Feb 15/ })
      .getAttribute('aria-current'),
  ).toBe('date');

  fireEvent.click(screen.getByTestId('group-channel-type'));
  const groups = within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((h) => h.textContent);
  expect(groups).toEqual(['Google Search', 'Search brand', 'YouTube', 'YouTube pre-roll', 'Total']);
});

it('groups by vendor for staff: each vendor by name, an archived one too, the lines without one last', async () => {
  const api = serve([
    { ...FLOW_LINES[0], VendorId: null },
    { ...FLOW_LINES[1], VendorId: 8 },
    { ...FLOW_LINES[0], ID: 4, Name: 'Search generic', VendorId: 7 },
  ]);
  show();
  await screen.findByRole('table');
  expect(callsTo(api, 'GetVendorsList')).toHaveLength(0);
  fireEvent.click(screen.getByTestId('group-vendor'));
  await screen.findByRole('rowheader', { name: 'Old Media Ltd' });
  const headers = within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((h) => h.textContent);
  expect(headers).toEqual([
    'Old Media Ltd',
    'YouTube pre-roll',
    'Google Ireland',
    'Search generic',
    'No vendor',
    'Search brand',
    'Total',
  ]);
  expect(callsTo(api, 'GetVendorsList').map((c) => [c.body.archived, c.body.nextToken ?? null])).toEqual([
    [false, null],
    [false, 'p2'],
    [true, null],
  ]);
});

it('offers no vendor grouping to a client user', async () => {
  signInAs(PROFILES.client);
  serve();
  show();
  await screen.findByRole('table');
  expect(screen.queryByTestId('group-vendor')).toBeNull();
});

describe('in Hebrew', () => {
  beforeAll(async () => {
    chooseLocale('he');
    await setLocale('he');
  });
  afterAll(async () => {
    chooseLocale('en');
    await setLocale('en');
  });

  it('reads right to left, its words in Hebrew, the bars placed from the start of the line (the right)', async () => {
    serve();
    show();
    const table = await screen.findByRole('table');
    expect(stripIsolates(table.getAttribute('aria-label') ?? '')).toBe('תרשים זרימה של גרסה 2: שורות לפי חודש');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('rowheader', { name: 'חיפוש' })).toBeTruthy();
    expect(screen.getByTestId('flow-today').textContent).toBe('היום');
    // Logical insets: the bar starts at the inline start, the right in a right-to-left page.
    const css = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('');
    expect(css).toMatch(/inset-inline-start:\s?0%/);
    expect(css).not.toMatch(/[^-]left:\s?0%/);
  });
});

it('exports the flowchart as an .xlsx file named after the plan', async () => {
  serve();
  const saved: { name: string; blob: Blob }[] = [];
  (URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = (b: Blob) => {
    saved.push({ name: '', blob: b });
    return 'blob:flowchart';
  };
  (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved[saved.length - 1].name = this.download;
  });
  show();
  await screen.findByRole('table');
  await act(async () => {
    fireEvent.click(screen.getByTestId('export-flowchart'));
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(saved.map((s) => [s.name, s.blob.type])).toEqual([
    ['Spring launch plan - Flowchart v2.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ]);
  // A zip: its first entry's signature.
  const bytes = await new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(saved[0].blob.slice(0, 4));
  });
  const head = new Uint8Array(bytes);
  expect([...head]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  click.mockRestore();
});

it('asks the server for the PDF beside the Excel file: the screen’s columns, grouping and language', async () => {
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
  fireEvent.click(screen.getByTestId('group-vendor'));
  await screen.findByRole('rowheader', { name: 'No vendor' });
  await act(async () => {
    fireEvent.click(screen.getByTestId('export-flowchart-pdf'));
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(callsTo(api, 'ExportMediaMixFlowchart').map((c) => [c.body, c.headers['x-account-id']])).toEqual([
    [{ mediaMixId: 11, language: 'en', grain: 'week', groupBy: 'vendor' }, '1'],
  ]);
  expect(names).toEqual(['Spring launch plan - Flowchart.pdf']);
  expect(saved.map((b) => b.type)).toEqual(['application/pdf']);
  click.mockRestore();
});
