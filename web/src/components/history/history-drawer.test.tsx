/** @jest-environment jsdom */
import '../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryEntry } from '@server/modules/history/replies';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';
import { inHebrew } from '../../testing/hebrew';
import { stripIsolates } from '../../testing/bidi';
import type { TFunction } from 'i18next';
import { HistoryButton } from './history-button';
import { fieldLabel } from './history-drawer';
import VENDORS_HE from '../../locales/vendors.he.json';

const edit: HistoryEntry = {
  At: '2026-03-02T09:30:00.000Z',
  Action: 'update',
  WhoName: 'Dana Levi',
  System: null,
  MoreChanges: 0,
  Changes: [
    { Field: 'ContactName', Before: 'Noa', After: 'Noa Cohen' },
    { Field: 'ManagementFeePct', Before: 15, After: 12.5 },
    { Field: 'ApplyVat', Before: false, After: true },
    { Field: 'Website', Before: null, After: 'https://hadar.example' },
    { Field: 'SomethingNew', Before: 'a', After: 'b' },
  ],
};
const create: HistoryEntry = {
  At: '2026-03-01T08:00:00.000Z',
  Action: 'create',
  WhoName: '',
  System: null,
  MoreChanges: 3,
  Changes: [{ Field: 'Name', Before: null, After: 'Hadar Insurance' }],
};

function open() {
  fireEvent.click(screen.getByTestId('history-open'));
}

describe('the History drawer', () => {
  setUpScreenTests({ quiet: true });

  it('reads the history when opened (not before) and lists who, what and each change before → after, with field labels of the area', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({ 'AuditService/GetItemHistory': () => ok({ Items: [edit, create], NextToken: null }) });
    renderWithProviders(
      <HistoryButton entity="account" id={7} accountId={3} fields="accounts.fields" label="Hadar Insurance" />,
    );
    expect(callsTo(api, 'GetItemHistory')).toHaveLength(0);
    open();
    const entries = await screen.findAllByTestId('history-entry');
    const [call] = callsTo(api, 'GetItemHistory');
    expect(call.body).toEqual({ entity: 'account', id: '7', pageSize: 20, nextToken: null });
    expect(call.headers['x-account-id']).toBe('3');
    expect(entries).toHaveLength(2);
    const first = within(entries[0]);
    expect(first.getByText('Changed')).toBeTruthy();
    expect(first.getByText(/^Dana Levi, /)).toBeTruthy();
    const rows = first.getAllByTestId('history-change').map((r) => r.textContent);
    expect(rows).toEqual([
      'Contact nameNoa→Noa Cohen',
      'Management fee %15→12.5',
      'Apply VATNo→Yes',
      'Website—→https://hadar.example',
      'SomethingNewa→b',
    ]);
    for (const v of first.getAllByTestId('history-after')) expect(v.getAttribute('dir')).toBe('ltr');
    // The create lists what it set (no "before"), names nobody it cannot name, and counts what it left out.
    const second = within(entries[1]);
    expect(second.getByText('Created')).toBeTruthy();
    expect(second.getByText(/^Unknown user, /)).toBeTruthy();
    expect(second.getAllByTestId('history-change').map((r) => r.textContent)).toEqual(['NameHadar Insurance']);
    expect(second.queryByTestId('history-before')).toBeNull();
    expect(second.getByText('…and 3 more fields')).toBeTruthy();
  });

  it('words statuses by name and an automatic change by its process, in either language', async () => {
    signInAs(PROFILES.planner);
    const auto: HistoryEntry = {
      At: '2026-03-03T04:00:00.000Z',
      Action: 'update',
      WhoName: '',
      System: 'activity-schedule',
      MoreChanges: 0,
      Changes: [
        { Field: 'Status', Before: 2, After: 3 },
        { Field: 'AccountId', Before: null, After: 'Hadar Insurance' },
      ],
    };
    mockApi({ 'AuditService/GetItemHistory': () => ok({ Items: [auto], NextToken: null }) });
    renderWithProviders(<HistoryButton entity="activity" id={9} accountId={3} fields="activities.fields" />);
    open();
    const entry = await screen.findByTestId('history-entry');
    expect(within(entry).getByText(/^Automatic schedule, /)).toBeTruthy();
    expect(within(entry).getAllByTestId('history-change')[0].textContent).toMatch(/Planned→Live$/);
  });

  it("in Hebrew, a plan version's status and an automatic change too", async () => {
    signInAs(PROFILES.planner);
    const auto: HistoryEntry = {
      At: '2026-03-03T04:00:00.000Z',
      Action: 'update',
      WhoName: '',
      System: 'activity-schedule',
      MoreChanges: 0,
      Changes: [{ Field: 'Status', Before: 2, After: 3 }],
    };
    mockApi({ 'AuditService/GetItemHistory': () => ok({ Items: [auto], NextToken: null }) });
    await inHebrew(async () => {
      renderWithProviders(<HistoryButton entity="mediaMix" id={4} accountId={3} />);
      open();
      const he = await screen.findByTestId('history-entry');
      expect(stripIsolates(he.textContent)).toContain('תזמון אוטומטי, ');
      // A plan version's status 2 → 3 is Submitted → Approved.
      expect(stripIsolates(within(he).getAllByTestId('history-change')[0].textContent)).toMatch(/הוגשה←אושרה$/);
    });
  });

  it('loads older pages on demand, and offers no more after the last', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AuditService/GetItemHistory': (b) =>
        ok(b.nextToken ? { Items: [create], NextToken: null } : { Items: [edit], NextToken: 'older' }),
    });
    renderWithProviders(<HistoryButton entity="activity" id={9} accountId={3} fields="activities.fields" />);
    open();
    await screen.findByText('Changed');
    fireEvent.click(screen.getByText('Show older changes'));
    await screen.findByText('Created');
    expect(callsTo(api, 'GetItemHistory').map((c) => c.body.nextToken)).toEqual([null, 'older']);
    await waitFor(() => expect(screen.queryByText('Show older changes')).toBeNull());
  });

  it("an empty history says so; a refused read says why in the user's language and reloads", async () => {
    signInAs(PROFILES.planner);
    let refuse = true;
    mockApi({
      'AuditService/GetItemHistory': () =>
        refuse
          ? fail(403, 'No access to account 3', 'ACCOUNT_NO_ACCESS', { accountId: 3 })
          : ok({ Items: [], NextToken: null }),
    });
    renderWithProviders(<HistoryButton entity="template" id={4} fields="templates.fields" />);
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('No access to account 3');
    refuse = false;
    fireEvent.click(within(alert).getByText('Reload'));
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });

  it('in Hebrew: labels, actions and yes/no translated, values kept left-to-right, the arrow pointing the reading way', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'AuditService/GetItemHistory': () => ok({ Items: [edit], NextToken: null }) });
    await inHebrew(async () => {
      renderWithProviders(<HistoryButton entity="account" id={7} accountId={3} fields="accounts.fields" />);
      expect(screen.getByTestId('history-open').getAttribute('aria-label')).toBe('היסטוריה');
      open();
      const entry = await screen.findByTestId('history-entry');
      expect(within(entry).getByText('שונה')).toBeTruthy();
      const rows = within(entry)
        .getAllByTestId('history-change')
        .map((r) => stripIsolates(r.textContent));
      expect(rows).toEqual([
        'איש קשרNoa←Noa Cohen',
        'עמלת ניהול %15←12.5',
        'חיוב מע"מלא←כן',
        'אתר—←https://hadar.example',
        'SomethingNewa←b',
      ]);
      for (const v of within(entry).getAllByTestId('history-before')) expect(v.getAttribute('dir')).toBe('ltr');
      expect(screen.getByRole('button', { name: 'סגירה' })).toBeTruthy();
    });
  });
});

describe('fieldLabel', () => {
  it("labels a nested field by its path joined, in the area's words, and names an unknown one as it is", () => {
    const fields = VENDORS_HE.vendors.fields as Record<string, string>;
    const t = ((key: string) => fields[key.replace('vendors.fields.', '')]) as unknown as TFunction;
    const exists = (key: string) => key.replace('vendors.fields.', '') in fields;
    expect(fieldLabel(t, exists, 'PaymentTerms.Days', 'vendors.fields')).toBe('תנאי תשלום: ימים');
    expect(fieldLabel(t, exists, 'PaymentTerms.Kind', 'vendors.fields')).toBe('תנאי תשלום');
    expect(fieldLabel(t, exists, 'TaxId', 'vendors.fields')).toBe(fields.TaxId);
    expect(fieldLabel(t, exists, 'PaymentTerms.Unknown', 'vendors.fields')).toBe('PaymentTerms.Unknown');
  });
});
