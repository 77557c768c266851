import { monthlyBill, total, type Inventory, type Measured } from '../../scripts/cost/model';
import type { AgencySize } from '../../scripts/cost/assumptions';

/**
 * The cost model (scripts/cost/model.ts) on inputs small enough to add up by hand: 10 seats, 80 %
 * signed in on 22 days, the bell every minute for 6 hours (63,360 calls) and 60 screens of 3 reads
 * (31,680 calls); no clients, edits, reports or ad accounts.
 */
const size: AgencySize = {
  name: 'hand',
  seats: 10,
  clientSeats: 0,
  accounts: 1,
  adAccounts: 0,
  campaignsPerAdAccount: 0,
  liveActivities: 0,
  reportsPerDay: 0,
  lineEditsPerPlannerDay: 0,
};
const measured: Measured = {
  from: 'hand',
  routes: {
    'NotificationsService.GetNotifications': { samples: 1, ms: 100, read: 0.5, write: 0 },
    'AccountsService.GetAccountsList': { samples: 1, ms: 200, read: 2, write: 0 },
  },
  syncPerAdAccount: { samples: 1, ms: 1000, read: 10, write: 100, days: 90 },
};
const inv: Inventory = {
  stage: 'x',
  alarms: 10,
  dashboards: 1,
  kmsKeys: 1,
  secrets: 2,
  customMetrics: 100,
  memoryMb: 1024,
  cognitoPlus: false,
};

it('prices the calls, capacity and fixed charges of a month as added up by hand', () => {
  const bill = monthlyBill(size, measured, inv, ['AccountsService.GetAccountsList']);
  const item = (prefix: string) => bill.find((l) => l.item.startsWith(prefix))!.usd;
  // 95,040 API calls at $1.00 a million.
  expect(item('API Gateway')).toBeCloseTo(0.09504, 8);
  // Reads: 63,360 × 0.5 + 31,680 × 2 = 95,040 units at $0.125 a million.
  expect(item('DynamoDB requests')).toBeCloseTo(0.01188, 8);
  // Lambda: 63,360 × 0.1 s + 31,680 × 0.2 s = 12,672 GB-s at 1 GB, plus 95,040 requests.
  expect(item('Lambda')).toBeCloseTo(12_672 * 0.0000133334 + 0.09504 * 0.2, 8);
  // Fixed: 100 metrics × 0.30 + 10 alarms × 0.10 + 1 dashboard × 3 + 1 key × 1 + 2 secrets × 0.40.
  expect(total(bill.filter((l) => l.fixed))).toBeCloseTo(30 + 1 + 3 + 1 + 0.8, 8);
});

it('grows with the synced ad accounts: a daily 28-day re-sync of each', () => {
  const none = monthlyBill(size, measured, inv, ['AccountsService.GetAccountsList']);
  const synced = monthlyBill({ ...size, adAccounts: 9 }, measured, inv, ['AccountsService.GetAccountsList']);
  const writes = (b: typeof none) => b.find((l) => l.item === 'DynamoDB requests')!.usd;
  // 9 accounts × 30 days × 28/90 of a first sync's 100 write units at $0.625 a million and 10 read units at $0.125.
  const runs = 9 * 30 * (28 / 90);
  expect(writes(synced) - writes(none)).toBeCloseTo((runs * 100 * 0.625 + runs * 10 * 0.125) / 1e6, 10);
});
