/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { inHebrew } from '../../../testing/hebrew';
import type { ApprovalInboxItem, MyPlanItem } from '../api/approvals-api';
import { ApprovalInboxScreen } from './approval-inbox-screen';
import InboxBadge from './inbox-badge';
import { MyPlansScreen } from './my-plans-screen';

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

const plan = (o: Partial<MyPlanItem> = {}): MyPlanItem =>
  ({
    ...row({ OverBudgetBy: null }),
    LastChangeAt: '2026-03-02T08:00:00.000Z',
    ApprovedAt: null,
    ApprovedByName: null,
    RejectedAt: null,
    RejectedByName: null,
    RejectReason: null,
    ClientApprovedAt: null,
    ClientApprovedByName: null,
    ClientDeclinedAt: null,
    ClientDeclinedByName: null,
    ClientDeclinedComment: null,
    ...o,
  }) as MyPlanItem;

describe('approvals screens', () => {
  setUpScreenTests({ quiet: true });

  it('"To approve" lists the waiting versions with the submitter by name, days waiting and the amount over budget; a row opens the plan editor on its version', async () => {
    signInAs(PROFILES.approver);
    mockApi({
      'ApprovalsService/GetApprovalInbox': (b) =>
        ok(
          b.nextToken
            ? {
                Items: [
                  row({
                    MediaMixId: 42,
                    AccountName: 'Other',
                    SubAccountId: null,
                    SubAccountName: null,
                    OverBudgetBy: null,
                    DaysWaiting: 0,
                  }),
                ],
                NextToken: null,
              }
            : { Items: [row()], NextToken: 'next' },
        ),
    });
    const { router } = renderWithProviders(<ApprovalInboxScreen />, '/approvals/inbox');
    const first = await screen.findByText('Hadar Insurance');
    const tr = first.closest('tr') as HTMLElement;
    expect(within(tr).getByTestId('sub-account').textContent).toBe('Hadar Car');
    expect(within(tr).getByText('Paz Planner')).toBeTruthy();
    expect(within(tr).getByTestId('days-waiting').textContent).toBe('3');
    expect(within(tr).getByTestId('over-budget').textContent).toBe('Over budget by ₪1,250.50');
    fireEvent.click(screen.getByTestId('more-inbox'));
    const second = (await screen.findByText('Other')).closest('tr') as HTMLElement;
    expect(within(second).queryByTestId('over-budget')).toBeNull();
    expect(within(second).getByText('Within budget')).toBeTruthy();
    fireEvent.click(within(tr).getByText('Spring launch'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/accounts/3/activities/7/mediaMix/list?version=41',
      ),
    );
  });

  it('"To approve" says so when nothing waits, in Hebrew', async () => {
    signInAs(PROFILES.approver);
    mockApi({ 'ApprovalsService/GetApprovalInbox': () => ok({ Items: [], NextToken: null }) });
    await inHebrew(async () => {
      renderWithProviders(<ApprovalInboxScreen />);
      expect((await screen.findByTestId('inbox-empty')).textContent).toBe('אין תוכניות שממתינות לאישורכם.');
    });
  });

  it("\"My plans\" shows each version's status and why: the approver's reason, the client's comment, the wait", async () => {
    signInAs(PROFILES.planner);
    mockApi({
      'ApprovalsService/GetMyPlans': () =>
        ok({
          Items: [
            plan({ MediaMixId: 1, Status: 2, StatusName: 'Submitted' }),
            plan({
              MediaMixId: 2,
              Status: 4,
              StatusName: 'Rejected',
              RejectedAt: '2026-03-02T08:00:00.000Z',
              RejectedByName: 'Avi Approver',
              RejectReason: 'Move budget to video',
            }),
            plan({
              MediaMixId: 3,
              Status: 3,
              StatusName: 'Approved',
              ApprovedAt: '2026-03-02T08:00:00.000Z',
              ApprovedByName: 'Avi Approver',
              ClientDeclinedAt: '2026-03-03T08:00:00.000Z',
              ClientDeclinedByName: 'Carmel Client',
              ClientDeclinedComment: 'Too early',
            }),
            plan({ MediaMixId: 4, Status: 1, StatusName: 'Draft', SubmittedAt: null, SubmittedByName: null }),
          ],
          NextToken: null,
        }),
    });
    renderWithProviders(<MyPlansScreen />);
    await screen.findAllByTestId('my-plan-row');
    const byId = (id: number) =>
      document.querySelector(`[data-testid="my-plan-row"][data-mix-id="${id}"]`) as HTMLElement;
    const text = (id: number, testId: string) => within(byId(id)).getByTestId(testId).textContent;
    expect(text(1, 'plan-status')).toBe('Submitted');
    expect(text(1, 'plan-note')).toMatch(/^Waiting for approval since /);
    expect(text(2, 'plan-status')).toBe('Rejected');
    expect(text(2, 'plan-note')).toBe('Rejected by Avi Approver: Move budget to video');
    expect(text(3, 'plan-status')).toBe('Declined by the client');
    expect(text(3, 'plan-note')).toBe('Declined by Carmel Client: Too early');
    expect(text(4, 'plan-status')).toBe('Draft');
    expect(text(4, 'plan-note')).toBe('');
  });

  it('the menu badge counts the waiting versions', async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({ 'ApprovalsService/GetApprovalInboxCount': () => ok({ Count: 4 }) });
    renderWithProviders(<InboxBadge />);
    expect((await screen.findByTestId('approvals-badge')).textContent).toBe('4');
    expect(callsTo(api, 'GetApprovalInboxCount')).toHaveLength(1);
  });

  it('the menu badge hides while nothing waits', async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({ 'ApprovalsService/GetApprovalInboxCount': () => ok({ Count: 0 }) });
    renderWithProviders(<InboxBadge />);
    await waitFor(() => expect(callsTo(api, 'GetApprovalInboxCount')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('approvals-badge')).toBeNull();
  });
});
