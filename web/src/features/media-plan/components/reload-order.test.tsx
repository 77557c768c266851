/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { ACTIVITY, CHANNEL_TYPES, listItem, versionInfo } from '../testing/plan-fixtures';
import { MediaPlanScreen } from './media-plan-screen';

setUpScreenTests({ quiet: true });

describe('media plan: after a status change', () => {
  it('reads the version again before the versions list, so the list never shows a status whose buttons the editor still offers', async () => {
    signInAs(PROFILES.planner);
    const info = versionInfo();
    let submitted = false;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const api = mockApi({
      'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [listItem(info)] }),
      // After the submit, the version's own read is answered only when the test says so.
      'MediaMixService/GetMediaMixInfo': () =>
        submitted ? { json: held.then(() => ok({ ...info, Status: 2 }).json) } : ok(JSON.parse(JSON.stringify(info))),
      'ActivitiesService/GetActivityInfo': () => ok(ACTIVITY),
      'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [] }),
      'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: CHANNEL_TYPES }),
      'MediaMixService/SubmitMediaMix': (b) => {
        submitted = true;
        return ok({ ...listItem(info), Status: 2, version: (b.version as number) + 1 });
      },
    });
    renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, '/accounts/1/activities/5/mediaMix/list');
    await screen.findByTestId('plan-editor');
    const listsBefore = callsTo(api, 'GetMediaMixList').length;
    const infosBefore = callsTo(api, 'GetMediaMixInfo').length;
    fireEvent.click(screen.getByTestId('submit-plan'));
    await waitFor(() => expect(callsTo(api, 'GetMediaMixInfo').length).toBe(infosBefore + 1));
    // reloadAll runs right after this message; what it starts at once has been asked for by the next task.
    await screen.findByText('The plan was submitted for approval');
    await new Promise((r) => setTimeout(r, 0));
    expect(callsTo(api, 'GetMediaMixList')).toHaveLength(listsBefore);
    release();
    await waitFor(() => expect(callsTo(api, 'GetMediaMixList')).toHaveLength(listsBefore + 1));
  });
});
