/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { listItem, versionInfo } from '../testing/plan-fixtures';
import { planQueries, prefetchPlan } from './plan-queries';

setUpScreenTests({ quiet: true });
beforeEach(() => queryClient.clear());

const PLAN = '/accounts/1/activities/5/mediaMix/list';
const v12 = versionInfo({ ID: 12, Version: 2 });
const v11 = versionInfo({ ID: 11, Version: 1 });
const byId: Record<number, typeof v12> = { 11: v11, 12: v12 };

/** The plan API; `newestIs`: the version GetMediaMixInfo of the activity answers. */
function planApi({ newestIs = v12 } = {}) {
  return mockApi({
    'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [listItem(v12), listItem(v11)] }),
    'MediaMixService/GetMediaMixInfo': (body) => ok(body.activityId ? newestIs : byId[Number(body.mediaMixId)]),
  });
}

const cached = (versionId: number) => queryClient.getQueryData(planQueries.info(1, versionId).queryKey);

describe("the plan's prefetch", () => {
  it('asks for the newest version by its activity beside the list, and caches it under the version id', async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    prefetchPlan({ pathname: PLAN, search: '' });
    await waitFor(() => expect(cached(12)).toEqual(v12));
    // The lines were asked for by the activity, which needs nothing of the list's answer; never by id.
    expect(callsTo(api, 'GetMediaMixList')).toHaveLength(1);
    expect(callsTo(api, 'GetMediaMixInfo').map((c) => c.body)).toEqual([{ activityId: 5 }]);
  });

  it('run twice for the same address (first load, then the router), asks each thing once', async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    prefetchPlan({ pathname: PLAN, search: '' });
    prefetchPlan({ pathname: PLAN, search: '' });
    await waitFor(() => expect(cached(12)).toEqual(v12));
    prefetchPlan({ pathname: PLAN, search: '' });
    await waitFor(() => expect(cached(12)).toEqual(v12));
    expect(callsTo(api, 'GetMediaMixList')).toHaveLength(1);
    expect(callsTo(api, 'GetMediaMixInfo').map((c) => c.body)).toEqual([{ activityId: 5 }]);
  });

  it('asks for the version the list names when a newer one came between the two answers', async () => {
    signInAs(PROFILES.planner);
    const api = planApi({ newestIs: versionInfo({ ID: 13, Version: 3 }) });
    prefetchPlan({ pathname: PLAN, search: '' });
    await waitFor(() => expect(cached(12)).toEqual(v12));
    expect(callsTo(api, 'GetMediaMixInfo').map((c) => c.body)).toEqual([{ activityId: 5 }, { mediaMixId: 12 }]);
  });

  it('with ?version= asks for that version by its id, and nothing by the activity', async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    prefetchPlan({ pathname: PLAN, search: '?version=11' });
    await waitFor(() => expect(cached(11)).toEqual(v11));
    expect(callsTo(api, 'GetMediaMixInfo').map((c) => c.body)).toEqual([{ mediaMixId: 11 }]);
    expect(callsTo(api, 'GetMediaMixList')).toHaveLength(1);
  });

  it('asks nothing signed out or on another page', () => {
    const api = planApi();
    prefetchPlan({ pathname: PLAN, search: '' });
    signInAs(PROFILES.planner);
    prefetchPlan({ pathname: '/accounts/1/activities/list', search: '' });
    expect(api).not.toHaveBeenCalled();
  });
});
