/** @jest-environment jsdom */
import '../../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ServerDataProvider } from '../../../../app/server-data';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../../testing/fixtures';
import { renderRoutes } from '../../../../testing/render';
import { setUpScreenTests } from '../../../../testing/screen-tests';
import { phoneViewport } from '../../../../testing/match-media';
import { MediaPlanRoute } from '../../routes';
import { listItem, planReads, versionInfo } from '../../testing/plan-fixtures';

type Handler = Parameters<typeof mockApi>[0][string];

setUpScreenTests({ quiet: true });

const SUBMITTED = versionInfo({
  Status: 2,
  StatusName: 'Submitted',
  version: 9,
  SubmittedByName: 'Paz Planner',
  SubmittedAt: '2026-02-01T12:00:00.000Z',
});
const APPROVED = versionInfo({
  Status: 3,
  StatusName: 'Approved',
  ApprovedBy: 'approver@demo.mixdesk.test',
  ApprovedByName: 'Avi Approver',
  ApprovedAt: '2026-02-02T09:00:00.000Z',
  RateFixed: true,
});

/** The plan screen's reads with one version (`info`), plus any handler given. */
function planApi(info = SUBMITTED, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...planReads(info),
    ...extra,
  });
}

/** The media plan route as the console mounts it (the breakpoint chooses the screen). */
const render = () =>
  renderRoutes(
    [
      {
        path: '/accounts/:accountId/activities/:activityId/mediaMix/list',
        element: (
          <ServerDataProvider>
            <MediaPlanRoute />
          </ServerDataProvider>
        ),
      },
    ],
    '/accounts/1/activities/5/mediaMix/list?version=11',
  );

const phonePlan = () => screen.findByTestId('phone-plan', {}, { timeout: 15_000 });
const actions = () =>
  within(screen.getByTestId('plan-actions'))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('data-testid'));

describe('a plan version on a phone (390 px)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = phoneViewport(390);
  });
  afterEach(() => restore());

  it('shows the status, the totals of the editor (the worked example: ₪18,654.03) and each line as a card, with no grid', async () => {
    signInAs(PROFILES.approver);
    planApi();
    render();
    const plan = await phonePlan();
    expect(screen.queryByTestId('plan-grid')).toBeNull();
    expect(screen.queryByTestId('versions-table')).toBeNull();
    expect(screen.getByTestId('status-chip').textContent).toBe('Submitted');
    expect(screen.getByTestId('submitted-by').textContent).toContain('Paz Planner');
    const total = (k: string) => within(plan).getByTestId(`total-${k}`).textContent;
    expect(total('net')).toBe('₪13,333.33');
    expect(total('managementFee')).toBe('₪1,916.67');
    expect(total('vat')).toBe('₪2,845.53');
    expect(total('total')).toBe('₪18,654.03');
    expect(total('converted')).toBe('$5,024.65');

    const cards = screen.getAllByTestId('line-card');
    expect(cards.map((c) => c.getAttribute('data-line-id'))).toEqual(['201', '202']);
    const second = within(cards[1]);
    expect(second.getByRole('heading').textContent).toBe('Pre-roll 15s');
    expect(cards[1].textContent).toContain('Line 2 · YouTube');
    expect(second.getByTestId('line-flight').textContent).toBe('Mar 1, 2026 – May 31, 2026');
    expect(second.getByTestId('line-net').textContent).toBe('₪3,333.33');
    // The grid's own line amounts: 12.5% of ₪3,333.33, rounded once.
    expect(second.getByTestId('line-managementFee').textContent).toBe('₪416.67 (12.50%)');
    expect(second.getByTestId('line-creativeFee').textContent).toBe('₪3.90 (images: 0, videos: 3)');
    expect(cards[1].textContent).toContain('27,777 views');
    expect(within(cards[0]).getByTestId('line-subtotal').textContent).toBe('₪11,754.60');
  });

  it('the approver approves after the confirmation (full screen), or rejects only with a reason', async () => {
    signInAs(PROFILES.approver);
    const api = planApi(SUBMITTED, {
      'MediaMixService/ApproveMediaMix': () => ok({ ...listItem(SUBMITTED), Status: 3 }),
      'MediaMixService/RejectMediaMix': () => ok({ ...listItem(SUBMITTED), Status: 4 }),
    });
    render();
    await phonePlan();
    expect(actions()).toEqual(['approve-plan', 'reject-plan']);

    fireEvent.click(screen.getByTestId('approve-plan'));
    const confirm = await screen.findByRole('dialog', { name: 'Approve the plan?' });
    expect(confirm.className).toContain('MuiDialog-paperFullScreen');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo(api, 'ApproveMediaMix')).toHaveLength(1));
    expect(callsTo(api, 'ApproveMediaMix')[0].body).toEqual({ mediaMixId: 11, version: 9 });

    fireEvent.click(screen.getByTestId('reject-plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject version 1' });
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(callsTo(api, 'RejectMediaMix')).toHaveLength(0);
    fireEvent.change(dialog.querySelector('textarea[name="reason"]') as Element, {
      target: { value: 'Move budget to video' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(api, 'RejectMediaMix')).toHaveLength(1));
    expect(callsTo(api, 'RejectMediaMix')[0].body).toEqual({
      mediaMixId: 11,
      version: 9,
      reason: 'Move budget to video',
    });
  });

  it("a refused answer is shown in the user's words, by its code", async () => {
    signInAs(PROFILES.approver);
    planApi(SUBMITTED, {
      'MediaMixService/ApproveMediaMix': () =>
        fail(409, 'Server text', 'PLAN_ACTION_NOT_ALLOWED', {
          action: 'approve',
          status: 'Approved',
        }),
    });
    render();
    await phonePlan();
    fireEvent.click(screen.getByTestId('approve-plan'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Cannot approve a version that is Approved.')).toBeTruthy();
  });

  it('the client signs off, or declines only with a comment', async () => {
    signInAs(PROFILES.client);
    const api = planApi(APPROVED, {
      'MediaMixService/ClientSignOff': () => ok({ ...listItem(APPROVED), ClientApprovedAt: '2026-02-03T00:00:00Z' }),
      'MediaMixService/ClientDecline': () => ok({ ...listItem(APPROVED), ClientDeclinedAt: '2026-02-03T00:00:00Z' }),
    });
    render();
    await phonePlan();
    expect(actions()).toEqual(['client-sign-off', 'client-decline']);
    expect(callsTo(api, 'GetAccountChannelTypesList')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('client-decline'));
    const dialog = await screen.findByRole('dialog', { name: 'Decline version 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(dialog.querySelector('textarea[name="reason"]') as Element, {
      target: { value: 'Too much on search' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(callsTo(api, 'ClientDecline')).toHaveLength(1));
    expect(callsTo(api, 'ClientDecline')[0].body).toEqual({ mediaMixId: 11, comment: 'Too much on search' });

    fireEvent.click(screen.getByTestId('client-sign-off'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sign off the plan?' })).getByRole('button', {
        name: 'Sign off',
      }),
    );
    await waitFor(() => expect(callsTo(api, 'ClientSignOff')).toHaveLength(1));
    expect(callsTo(api, 'ClientSignOff')[0].body).toEqual({ mediaMixId: 11 });
  });

  it('a planner reads a Submitted version with no answers to give', async () => {
    signInAs(PROFILES.planner);
    planApi(SUBMITTED);
    render();
    await phonePlan();
    expect(screen.queryByTestId('plan-actions')).toBeNull();
    expect(screen.queryByTestId('edit-wider')).toBeNull();
  });

  it('a Draft says where its lines are edited', async () => {
    signInAs(PROFILES.planner);
    planApi(versionInfo());
    render();
    await phonePlan();
    expect(screen.getByTestId('edit-wider').textContent).toContain('wider screen');
    expect(actions()).toEqual(['submit-plan']);
  });
});

it('a wide screen keeps the editor and its grid', async () => {
  const restore = phoneViewport(1280);
  try {
    signInAs(PROFILES.approver);
    planApi();
    render();
    expect(await screen.findByTestId('plan-grid', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('phone-plan')).toBeNull();
  } finally {
    restore();
  }
});
