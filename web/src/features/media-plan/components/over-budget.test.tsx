/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { ACTIVITY, CHANNEL_TYPES, listItem, versionInfo } from '../testing/plan-fixtures';
import { MediaPlanScreen } from './media-plan-screen';

type Body = Record<string, unknown>;

setUpScreenTests({ quiet: true });

/** The worked example's net is ₪13,333.33; an activity budget of ₪12,000 leaves it over by ₪1,333.33. */
function planApi(
  info = versionInfo(),
  submit: (body: Body) => { status?: number; json: unknown } = (b) =>
    ok({ ...listItem(info), Status: 2, version: (b.version as number) + 1 }),
) {
  return mockApi({
    'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [listItem(info)] }),
    'MediaMixService/GetMediaMixInfo': () => ok(JSON.parse(JSON.stringify(info))),
    'ActivitiesService/GetActivityInfo': () => ok({ ...ACTIVITY, Budget: 12000 }),
    'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [] }),
    'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: CHANNEL_TYPES }),
    'MediaMixService/SubmitMediaMix': submit,
  });
}

const render = () =>
  renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, '/accounts/1/activities/5/mediaMix/list');
const overBudget = () =>
  fail(
    409,
    "Version 1's net media is over the activity budget (12000.00 ILS) by 1333.33 ILS; confirm to submit it anyway",
    'OVER_BUDGET_UNCONFIRMED',
    { version: 1, amount: '1333.33', budget: '12000.00', currency: 'ILS' },
  );

describe('media plan: Submit over the activity budget', () => {
  it('asks, showing the amount over, then sends it again confirmed', async () => {
    signInAs(PROFILES.planner);
    const api = planApi(versionInfo(), (b) =>
      b.confirmOverBudget ? ok({ ...listItem(versionInfo()), Status: 2, version: 8 }) : overBudget(),
    );
    render();
    await screen.findByTestId('plan-editor');
    fireEvent.click(screen.getByTestId('submit-plan'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      "Version 1's net media is over the activity budget (₪12,000.00) by ₪1,333.33.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit over budget' }));
    await waitFor(() => expect(callsTo(api, 'SubmitMediaMix')).toHaveLength(2));
    expect(callsTo(api, 'SubmitMediaMix').map((c) => c.body)).toEqual([
      { mediaMixId: 11, version: 7 },
      { mediaMixId: 11, version: 7, confirmOverBudget: true },
    ]);
    expect(await screen.findByText('The plan was submitted for approval')).toBeTruthy();
  });

  it('sends nothing more when the planner cancels', async () => {
    signInAs(PROFILES.planner);
    const api = planApi(versionInfo(), () => overBudget());
    render();
    await screen.findByTestId('plan-editor');
    fireEvent.click(screen.getByTestId('submit-plan'));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'SubmitMediaMix')).toHaveLength(1);
  });

  it('the approver sees the confirmed amount over budget and who submitted it, by name', async () => {
    signInAs(PROFILES.approver);
    planApi(
      versionInfo({
        Status: 2,
        StatusName: 'Submitted',
        SubmittedBy: 'planner@demo.mixdesk.test',
        SubmittedByName: 'Paz Planner',
        SubmittedAt: '2026-03-01T08:00:00.000Z',
        OverBudgetConfirmed: { By: 'planner@demo.mixdesk.test', OverBy: 1333.33, At: '2026-03-01T08:00:00.000Z' },
        OverBudgetConfirmedByName: 'Paz Planner',
      }),
    );
    render();
    expect((await screen.findByTestId('over-budget-confirmed')).textContent).toBe(
      'Submitted over the activity budget by ₪1,333.33 (confirmed by Paz Planner)',
    );
    expect(screen.getByTestId('submitted-by').textContent).toMatch(/^Submitted by Paz Planner, /);
  });
});
