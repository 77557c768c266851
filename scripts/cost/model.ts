import { PRICES } from './prices';
import { USAGE, type AgencySize } from './assumptions';

/** What the journeys and benches measured, per route and per synced ad account (scripts/cost/measured.json). */
export interface RouteCost {
  samples: number;
  ms: number;
  read: number;
  write: number;
}
export interface Measured {
  from: string;
  routes: Record<string, RouteCost>;
  /** One ad account's first sync (about 90 days of history). */
  syncPerAdAccount: RouteCost & { days: number };
}

/** What a stage is made of (counted in its synthesized templates). */
export interface Inventory {
  stage: string;
  /** Metrics read by the stage's alarms (what CloudWatch bills an alarm by). */
  alarms: number;
  dashboards: number;
  kmsKeys: number;
  secrets: number;
  /** Metrics the functions publish (EMF) that receive data. */
  customMetrics: number;
  memoryMb: number;
  /** Cognito Plus (threat protection): every monthly active user is billed. */
  cognitoPlus: boolean;
}

export interface LineItem {
  item: string;
  usd: number;
  fixed: boolean;
}

const mean = (rs: RouteCost[]): RouteCost => {
  const n = rs.reduce((s, r) => s + r.samples, 0) || 1;
  const avg = (k: 'ms' | 'read' | 'write') => rs.reduce((s, r) => s + r[k] * r.samples, 0) / n;
  return { samples: n, ms: avg('ms'), read: avg('read'), write: avg('write') };
};

/** The calls of a month by kind, each with its measured cost per call. */
function monthlyCalls(a: AgencySize, m: Measured, readRoutes: string[]) {
  const days = USAGE.workingDaysPerMonth;
  const active = a.seats * USAGE.activeShare * days;
  const route = (name: string) => m.routes[name] ?? mean(Object.values(m.routes));
  const reads = mean(readRoutes.map((r) => m.routes[r]).filter(Boolean));
  const clientScreens = a.clientSeats * USAGE.clientSignInsPerMonth * USAGE.clientScreensPerSignIn;
  return [
    {
      what: 'bell',
      n: active * USAGE.consoleHours * USAGE.bellCallsPerHour,
      c: route('NotificationsService.GetNotifications'),
    },
    { what: 'screens', n: (active * USAGE.screensPerSeatDay + clientScreens) * USAGE.readsPerScreen, c: reads },
    {
      what: 'line edits',
      n: active * USAGE.plannerShare * a.lineEditsPerPlannerDay,
      c: route('AccountsService.SaveMediaChannel'),
    },
    { what: 'reports', n: a.reportsPerDay * days, c: route('ReportsService.GetPerformanceReport') },
  ];
}

/** One stage's month for an agency: usage-driven items, then the stage's fixed charges. */
export function monthlyBill(a: AgencySize, m: Measured, inv: Inventory, readRoutes: string[]): LineItem[] {
  const calls = monthlyCalls(a, m, readRoutes);
  const apiCalls = calls.reduce((s, c) => s + c.n, 0);
  const gbSeconds = calls.reduce((s, c) => s + c.n * (c.c.ms / 1000) * (inv.memoryMb / 1024), 0);
  const sync = m.syncPerAdAccount;
  const syncShare = USAGE.resyncDays / sync.days; // a daily re-sync reads 28 of the measured days
  const syncRuns = a.adAccounts * 30;
  const syncGbSeconds = syncRuns * syncShare * (sync.ms / 1000) * (inv.memoryMb / 1024);
  const reads = calls.reduce((s, c) => s + c.n * c.c.read, 0) + syncRuns * syncShare * sync.read;
  const writes = calls.reduce((s, c) => s + c.n * c.c.write, 0) + syncRuns * syncShare * sync.write;
  const storageGb =
    (a.adAccounts * a.campaignsPerAdAccount * 30 * USAGE.monthsKept * USAGE.itemsPerCampaignDay * USAGE.itemBytes) /
    1e9;
  const logGb = ((apiCalls + syncRuns) * USAGE.logBytesPerCall) / 1e9;
  const signIns = a.seats * USAGE.activeShare * USAGE.workingDaysPerMonth + a.clientSeats * USAGE.clientSignInsPerMonth;
  const p = PRICES;
  const mau = a.seats + a.clientSeats;
  return [
    {
      item: 'Lambda (API and sync)',
      usd:
        (gbSeconds + syncGbSeconds) * p.lambda.armGbSecond +
        ((apiCalls + syncRuns) / 1e6) * p.lambda.perMillionRequests,
      fixed: false,
    },
    { item: 'API Gateway HTTP API', usd: (apiCalls / 1e6) * p.httpApiPerMillion, fixed: false },
    {
      item: 'DynamoDB requests',
      usd: (reads / 1e6) * p.dynamodb.perMillionReads + (writes / 1e6) * p.dynamodb.perMillionWrites,
      fixed: false,
    },
    {
      item: 'DynamoDB storage, PITR and backups',
      usd: storageGb * (p.dynamodb.storageGbMonth + p.dynamodb.pitrGbMonth + p.dynamodb.backupGbMonth),
      fixed: false,
    },
    {
      item: 'CloudWatch Logs',
      usd: logGb * p.cloudwatch.logsIngestGb + logGb * 6 * p.cloudwatch.logsStorageGbMonth,
      fixed: false,
    },
    { item: 'X-Ray traces', usd: ((apiCalls * USAGE.traceShare) / 1e6) * p.xrayPerMillionTraces, fixed: false },
    {
      item: 'CloudFront and S3 (console)',
      usd: ((signIns * USAGE.consoleMbPerSignIn) / 1024) * p.cloudfrontGb,
      fixed: false,
    },
    {
      item: 'SES (reports and notices)',
      usd: (((a.reportsPerDay * 3 + a.seats) * USAGE.workingDaysPerMonth) / 1000) * p.sesPerThousandMails,
      fixed: false,
    },
    {
      item: inv.cognitoPlus ? 'Cognito Plus (threat protection)' : 'Cognito',
      usd: inv.cognitoPlus ? mau * p.cognito.plusPerMau : Math.max(0, mau - p.cognito.freeMau) * p.cognito.perMau,
      fixed: false,
    },
    {
      item: `CloudWatch custom metrics (${inv.customMetrics})`,
      usd: inv.customMetrics * p.cloudwatch.customMetric,
      fixed: true,
    },
    { item: `CloudWatch alarm metrics (${inv.alarms})`, usd: inv.alarms * p.cloudwatch.alarm, fixed: true },
    { item: `CloudWatch dashboards (${inv.dashboards})`, usd: inv.dashboards * p.cloudwatch.dashboard, fixed: true },
    { item: `KMS keys (${inv.kmsKeys})`, usd: inv.kmsKeys * p.kmsKeyMonth, fixed: true },
    { item: `Secrets Manager secrets (${inv.secrets})`, usd: inv.secrets * p.secretMonth, fixed: true },
  ];
}

export const total = (items: LineItem[]) => items.reduce((s, i) => s + i.usd, 0);
