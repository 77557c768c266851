/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { phoneViewport } from '../../../testing/match-media';
import type { ApprovalInboxItem } from '../api/approvals-api';
import { ApprovalInboxScreen } from './approval-inbox-screen';

const row = (o: Partial<ApprovalInboxItem> = {}): ApprovalInboxItem => ({
  MediaMixId: 41,
  Version: 2,
  Name: 'Spring plan',
  Status: 2,
  StatusName: 'Submitted',
  ActivityId: 7,
  ActivityName: 'Spring launch',
  AccountId: 3,
  AccountName: 'Hadar Insurance',
  SubAccountId: 4,
  SubAccountName: 'Hadar Car',
  Currency: 2,
  CurrencyCode: 'ILS',
  Net: 16250.5,
  Total: 21000,
  ActivityBudget: 15000,
  OverBudgetBy: 1250.5,
  SubmittedAt: '2026-03-01T08:00:00.000Z',
  SubmittedByName: 'Paz Planner',
  DaysWaiting: 3,
  OverBudgetConfirmed: true,
  ...o,
});

describe('"To approve" on a phone (390 px)', () => {
  setUpScreenTests({ quiet: true });
  let restore: () => void;
  beforeEach(() => {
    restore = phoneViewport(390);
  });
  afterEach(() => restore());

  it('shows each waiting version as a card with what the table shows, and tapping the card opens the plan on that version', async () => {
    signInAs(PROFILES.approver);
    mockApi({
      'ApprovalsService/GetApprovalInbox': () =>
        ok({ Items: [row(), row({ MediaMixId: 42, OverBudgetBy: null, SubAccountName: null })], NextToken: null }),
    });
    const { router } = renderWithProviders(<ApprovalInboxScreen />, '/approvals/inbox');
    const cards = await screen.findAllByTestId('inbox-row');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(cards[0]);
    expect(first.getByRole('heading').textContent).toBe('Version 2 · Spring plan');
    for (const text of ['Hadar Insurance', 'Spring launch', 'Paz Planner', '₪16,250.50', '₪21,000.00'])
      expect(cards[0].textContent).toContain(text);
    expect(first.getByTestId('sub-account').textContent).toContain('Hadar Car');
    expect(first.getByTestId('days-waiting').textContent).toBe('3');
    expect(first.getByTestId('over-budget').textContent).toBe('Over budget by ₪1,250.50');
    expect(within(cards[1]).queryByTestId('over-budget')).toBeNull();
    expect(cards[1].textContent).toContain('Within budget');
    // Labels and values are a description list: a screen reader reads "Net media: ₪16,250.50".
    const terms = [...cards[0].querySelectorAll('dt')].map((d) => d.textContent);
    expect(terms).toEqual(['Net media', 'Total', 'Submitted by', 'Submitted', 'Days waiting']);

    // The whole card is one link to the plan.
    const link = first.getByTestId('open-plan');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/accounts/3/activities/7/mediaMix/list?version=41');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/accounts/3/activities/7/mediaMix/list');
    expect(router.state.location.search).toBe('?version=41');
  });

  it('says so when nothing waits', async () => {
    signInAs(PROFILES.approver);
    mockApi({ 'ApprovalsService/GetApprovalInbox': () => ok({ Items: [], NextToken: null }) });
    renderWithProviders(<ApprovalInboxScreen />, '/approvals/inbox');
    expect((await screen.findByTestId('inbox-empty')).textContent).toBe('Nothing is waiting for your approval.');
    expect(screen.queryByTestId('inbox-cards')).toBeNull();
  });

  it('keeps the table on a wide screen', async () => {
    restore();
    restore = phoneViewport(1280);
    signInAs(PROFILES.approver);
    mockApi({ 'ApprovalsService/GetApprovalInbox': () => ok({ Items: [row()], NextToken: null }) });
    renderWithProviders(<ApprovalInboxScreen />, '/approvals/inbox');
    expect((await screen.findByTestId('inbox-row')).tagName).toBe('TR');
    expect(screen.queryByTestId('inbox-cards')).toBeNull();
  });
});
