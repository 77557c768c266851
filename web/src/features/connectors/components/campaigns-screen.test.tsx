/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { VersionStatus } from '@server/shared/version-status';
import { chooseLocale } from '../../../lib/display/settings-store';
import { i18n, setLocale } from '../../../lib/i18n';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import type { CampaignView, LineActualsTotal, MappableLine } from '../api/connectors-api';
import { CampaignsScreen } from './campaigns-screen';

setUpScreenTests({ quiet: true });

const campaign = (over: Partial<CampaignView> = {}): CampaignView => ({
  ID: 11,
  ConnectorType: 'google_ads',
  ExternalAccountId: '1234567890',
  ExternalCampaignId: '1',
  Name: 'Search — brand',
  Status: 'ENABLED',
  AccountId: 1,
  AccountName: 'Hadar Insurance',
  MediaChannelId: null,
  MappedBy: null,
  MappedLineId: null,
  MappedLineName: null,
  MappedActivityId: null,
  MappedVersion: null,
  HistoryMoving: false,
  LineRemovedInVersion: null,
  LastSeenAt: '',
  version: 1,
  Actuals: [],
  ...over,
});

const line = (over: Partial<MappableLine>): MappableLine => ({
  ID: 42,
  Name: 'Search',
  ChannelTypeName: 'Google Search',
  StartDate: '2026-01-01',
  EndDate: '2026-02-28',
  ActivityId: 5,
  ActivityName: 'Spring launch',
  MediaMixId: 9,
  Version: 2,
  VersionStatus: VersionStatus.Approved,
  ...over,
});
const LINES: MappableLine[] = [
  line({}),
  line({ ID: 43, Name: 'YouTube pre-roll', ChannelTypeName: 'Online video' }),
  line({
    ID: 77,
    Name: 'Video retargeting',
    ChannelTypeName: 'Meta (Facebook)',
    ActivityId: 6,
    ActivityName: 'Summer sale',
    MediaMixId: 12,
    Version: 1,
    VersionStatus: VersionStatus.Draft,
  }),
];

const totals = (spend: number, impressions: number): LineActualsTotal[] => [
  {
    Currency: 'USD',
    Spend: spend,
    Impressions: impressions,
    Clicks: 300,
    Conversions: 4,
    ConversionValue: 100,
    VideoViews: 0,
    FirstDay: '2026-01-02',
    LastDay: '2026-01-30',
    Days: 28,
  },
];
const CAMPAIGNS = [
  campaign({
    ID: 11,
    MappedBy: 'rule',
    MappedLineId: 42,
    MappedLineName: 'Search',
    MappedVersion: 2,
    Actuals: totals(1234.5, 12345),
  }),
  // Mapped to the same line: its own actuals, not the line's total.
  campaign({
    ID: 15,
    Name: 'Search — generic',
    ExternalCampaignId: '5',
    MappedBy: 'rule',
    MappedLineId: 42,
    MappedLineName: 'Search',
    MappedVersion: 2,
    Actuals: totals(100, 900),
  }),
  campaign({ ID: 12, Name: 'Video', MediaChannelId: 5, MappedBy: 'explicit', LineRemovedInVersion: 3 }),
  campaign({ ID: 13, Name: 'Display', AccountName: 'Other Client', Status: 'PAUSED' }),
  campaign({ ID: 14, Name: 'Orphan', AccountId: null, AccountName: null, ExternalAccountId: '999' }),
];

function api(items: CampaignView[] = CAMPAIGNS) {
  return mockApi({
    'ConnectorsService/GetCampaignsList': () => ok({ Items: items, NextToken: null }),
    'ConnectorsService/GetMappableLines': () => ok({ Items: LINES }),
    'AccountsService/SaveCampaign': () => ok(campaign({ ID: 13 })),
  });
}

/** The picker (role queries walk the whole jsdom tree: slow, so the dialog is found by its search field). */
const openPicker = async () => {
  const search = (await screen.findByTestId('line-search')) as HTMLInputElement;
  return { search, dialog: search.closest('[role="dialog"]') as HTMLElement };
};

const rowNamed = async (name: string) =>
  (await screen.findAllByTestId('campaign-row')).find((r) => r.textContent?.includes(name))!;

describe('<CampaignsScreen> line picker and actuals', () => {
  beforeEach(() => signInAs(PROFILES.admin));

  it("shows each campaign's client and its own actuals (two on one line each their own), and maps a campaign by searching its account's lines with the keyboard", async () => {
    const calls = api();
    renderWithProviders(<CampaignsScreen />);
    const mapped = await rowNamed('Search — brand');
    expect(stripIsolates(within(mapped).getByTestId('campaign-actuals').textContent)).toBe(
      '$1,234.50 · 12,345 impressions',
    );
    expect(stripIsolates(within(await rowNamed('Search — generic')).getByTestId('campaign-actuals').textContent)).toBe(
      '$100.00 · 900 impressions',
    );
    expect(within(mapped).getByTestId('campaign-client').textContent).toBe('Hadar Insurance');
    expect(within(await rowNamed('Display')).getByTestId('campaign-client').textContent).toBe('Other Client');
    // A campaign whose ad account is linked to no account cannot be mapped (the server would refuse).
    expect((within(await rowNamed('Orphan')).getByTestId('map-campaign') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(await rowNamed('Display')).getByTestId('map-campaign'));
    const { search, dialog } = await openPicker();
    expect(within(dialog).getByTestId('picker-current').textContent).toMatch(/Unmapped/);
    await waitFor(() => expect(callsTo(calls, 'GetMappableLines')).toHaveLength(1));
    expect(lastCall(calls, 'GetMappableLines')?.headers['x-account-id']).toBe('1');
    fireEvent.change(search, { target: { value: 'video' } });
    const options = await screen.findAllByTestId('line-option');
    // Found by line name ("Video retargeting") and by channel ("Online video"), grouped under their activities.
    expect(options.map((o) => stripIsolates(o.textContent).split(' #')[0])).toEqual([
      'YouTube pre-roll',
      'Video retargeting',
    ]);
    expect(stripIsolates(document.querySelector('[role="listbox"]')?.textContent)).toMatch(
      /Spring launch.*YouTube pre-roll.*Summer sale.*Video retargeting/,
    );
    expect(stripIsolates(options[1].textContent)).toContain('version 1 · Draft');
    // The first match is highlighted; ArrowDown moves to the next, Enter chooses it.
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(stripIsolates(within(dialog).getByTestId('picked-line').textContent)).toBe(
      'Summer sale › Video retargeting #77 · Meta (Facebook) · Jan 1, 2026 – Feb 28, 2026 · version 1 · Draft',
    );
    const before = callsTo(calls, 'GetCampaignsList').length;
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(callsTo(calls, 'SaveCampaign')).toHaveLength(1));
    expect(lastCall(calls, 'SaveCampaign')?.body).toEqual({
      globalCampaign: { ID: 13, MediaChannelId: 77, version: 1 },
    });
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    // The list (with its actuals) is read again.
    await waitFor(() => expect(callsTo(calls, 'GetCampaignsList').length).toBeGreaterThan(before));
  });

  it("offers the lines in groups a screen reader can follow: the listbox holds each activity's named group of options", async () => {
    api();
    renderWithProviders(<CampaignsScreen />);
    fireEvent.click(within(await rowNamed('Display')).getByTestId('map-campaign'));
    const { search } = await openPicker();
    fireEvent.change(search, { target: { value: 'video' } });
    await screen.findAllByTestId('line-option');
    const listbox = document.querySelector('[role="listbox"]') as HTMLElement;
    const groups = [...listbox.children];
    expect(groups.map((g) => g.getAttribute('role'))).toEqual(['group', 'group']);
    expect(
      groups.map((g) => stripIsolates(document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent)),
    ).toEqual(['Spring launch', 'Summer sale']);
    // The rules the browser journeys' audit found broken by a plain list inside the listbox.
    const audit = await axe.run(listbox, {
      runOnly: { type: 'rule', values: ['aria-required-children', 'aria-required-parent', 'list', 'listitem'] },
    });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    expect(audit.passes.map((p) => p.id)).toEqual(
      expect.arrayContaining(['aria-required-children', 'aria-required-parent']),
    );
  });

  it('a campaign with no delivery says so; Clear drops an explicit choice (the naming rule applies again)', async () => {
    const calls = api(CAMPAIGNS.map((c) => ({ ...c, Actuals: [] })));
    renderWithProviders(<CampaignsScreen />);
    await waitFor(async () =>
      expect(within(await rowNamed('Search — brand')).getByTestId('campaign-actuals').textContent).toBe(
        'No actuals yet',
      ),
    );
    fireEvent.click(within(await rowNamed('Video')).getByTestId('clear-mapping'));
    await waitFor(() => expect(callsTo(calls, 'SaveCampaign')).toHaveLength(1));
    expect(lastCall(calls, 'SaveCampaign')?.body).toEqual({
      globalCampaign: { ID: 12, MediaChannelId: null, version: 1 },
    });
  });

  it("says a saved mapping's actuals are being moved while its job runs, and reads the list again until they are", async () => {
    let reads = 0;
    // The first two reads answer the campaign as still moving; then the move is done.
    const calls = mockApi({
      'ConnectorsService/GetCampaignsList': () =>
        ok({
          Items: [
            campaign({
              ID: 13,
              Name: 'Display',
              MediaChannelId: 77,
              MappedBy: 'explicit',
              MappedLineId: 77,
              MappedLineName: 'Video retargeting',
              HistoryMoving: ++reads <= 2,
            }),
          ],
          NextToken: null,
        }),
    });
    renderWithProviders(<CampaignsScreen />);
    expect(stripIsolates(within(await rowNamed('Display')).getByTestId('history-moving').textContent)).toBe(
      ' · actuals being moved, under way…',
    );
    await waitFor(() => expect(callsTo(calls, 'GetCampaignsList').length).toBeGreaterThanOrEqual(3));
    await waitFor(async () => expect(within(await rowNamed('Display')).queryByTestId('history-moving')).toBeNull());
  }, 30_000);

  it('says how each campaign is mapped, and the picker speaks Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    try {
      const calls = api();
      renderWithProviders(<CampaignsScreen />);
      const rows = await screen.findAllByTestId('campaign-row');
      expect(rows.map((r) => stripIsolates(within(r).getByTestId('campaign-mapping').textContent))).toEqual([
        'Search #42 · לפי כלל שמות (גרסה 2)',
        'Search #42 · לפי כלל שמות (גרסה 2)',
        'לא ממופה: שורת התוכנית שלו הוסרה בגרסה 3',
        'לא ממופה',
        'לא ממופה',
      ]);
      // The platforms' statuses in Hebrew too.
      expect(rows.map((r) => within(r).getByTestId('campaign-status').textContent)).toEqual([
        'פעיל',
        'פעיל',
        'פעיל',
        'מושהה',
        'פעיל',
      ]);
      expect(i18n.t('connectors.historyMoving')).toBe('הנתונים בפועל בהעברה…');
      fireEvent.change(screen.getByTestId('mapped-filter'), { target: { value: 'no' } });
      await waitFor(() => expect(lastCall(calls, 'GetCampaignsList')?.body).toMatchObject({ mapped: false }));
      fireEvent.click(within(await rowNamed('Display')).getByTestId('map-campaign'));
      const { search } = await openPicker();
      expect(stripIsolates(document.getElementById('line-picker-title')?.textContent)).toBe(
        'מיפוי „Display” לשורת תוכנית',
      );
      fireEvent.change(search, { target: { value: '77' } });
      const [only] = await screen.findAllByTestId('line-option');
      expect(stripIsolates(only.textContent)).toContain('גרסה 1 · טיוטה');
    } finally {
      chooseLocale('en');
      await setLocale('en');
    }
  });
});
