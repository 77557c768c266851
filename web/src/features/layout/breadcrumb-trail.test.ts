import { buildTrail } from './breadcrumb-trail';

/** Activity performance leads back to the account's activities, or to Reports / System Monitoring (with its tab) when opened from there. */
const nav = {
  screens: [
    { path: '/performance/list', title: 'menu.reports' },
    { path: '/systemMonitoring', title: 'menu.systemMonitoring' },
  ],
  accountScreens: {
    accounts: 'titles.accounts',
    activities: 'titles.activities',
    mediamix: 'titles.mediaPlan',
    stats: 'titles.activityPerformance',
  },
};
const STATS = '/accounts/7/activities/12/mediaMix/34/stats';

describe('buildTrail', () => {
  it('leads back through the account by default', () => {
    const t = buildTrail(STATS, nav, { account: 'Galil Foods' });
    expect(t.titleKey).toBe('titles.activityPerformance');
    expect(t.crumbs).toEqual([
      { label: 'titles.accounts', to: '/accounts/list' },
      { label: 'Galil Foods', literal: true, to: '/accounts/7/subAccounts/list' },
      { label: 'titles.activities', to: '/accounts/7/activities/list' },
      { label: 'titles.mediaPlan', to: '/accounts/7/activities/12/mediaMix/list' },
      { label: 'titles.activityPerformance' },
    ]);
  });

  it('leads back to Reports, or to System Monitoring on its tab, when opened from there', () => {
    expect(buildTrail(STATS, nav, {}, '?from=reports').crumbs).toEqual([
      { label: 'menu.reports', to: '/performance/list' },
      { label: 'titles.activityPerformance' },
    ]);
    expect(buildTrail(STATS, nav, {}, '?from=monitoring&tab=pacing').crumbs).toEqual([
      { label: 'menu.systemMonitoring', to: '/systemMonitoring?tab=pacing' },
      { label: 'titles.activityPerformance' },
    ]);
    // An unknown origin or a tab that is not a plain name changes nothing it should not.
    expect(buildTrail(STATS, nav, {}, '?from=elsewhere').crumbs).toHaveLength(5);
    expect(buildTrail(STATS, nav, {}, '?from=monitoring&tab=%2F%2Fevil.example').crumbs[0]).toEqual({
      label: 'menu.systemMonitoring',
      to: '/systemMonitoring',
    });
  });
});
