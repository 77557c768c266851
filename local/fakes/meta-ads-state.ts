import type { DemoAccount, Restatement } from './ads-demo-data';
import { GraphRefusal, sessionExpired, type Served } from './meta-ads-wire';

/** What the Meta fake holds while it runs: its accounts and tokens, queued faults, report jobs, the calls received. */

export type MetaFault =
  | 'expiredToken'
  | 'throttle'
  | 'serverError'
  | 'unknownError'
  | 'timeout'
  | 'malformed'
  | 'malformedRow'
  | 'tooMuchData'
  | 'highUsage'
  | 'asyncStuck'
  | 'asyncFailed'
  | 'asyncSkipped'
  | 'restate';

export const META_FAULTS: readonly MetaFault[] = [
  'expiredToken',
  'throttle',
  'serverError',
  'unknownError',
  'timeout',
  'malformed',
  'malformedRow',
  'tooMuchData',
  'highUsage',
  'asyncStuck',
  'asyncFailed',
  'asyncSkipped',
  'restate',
];

const JOB_FAULTS = new Set<MetaFault>(['asyncStuck', 'asyncFailed', 'asyncSkipped']);
const INSIGHTS_ONLY = new Set<MetaFault>(['tooMuchData', 'malformedRow']);

export interface FaultParams {
  times?: number;
  /** throttle: Meta's estimated_time_to_regain_access (default 1). */
  minutes?: number;
  /** timeout: how long the call hangs (default 60 s; stop() ends it). */
  ms?: number;
  /** asyncStuck: polls at "Job Running" 100 % (default 3). */
  polls?: number;
  /** restate: the last N days (default 3) by `factor` (default 1.1). */
  days?: number;
  factor?: number;
}

export interface FakeMetaAccount extends DemoAccount {
  /** The tokens that read it. */
  tokens: string[];
}

export interface FakeMetaRequest {
  method: string;
  path: string;
  /** Query and form parameters, access_token left out. */
  params: Record<string, string>;
}

export interface Job {
  accountId: string;
  since: string;
  until: string;
  polls: number;
  stuck: number;
  end: 'Job Completed' | 'Job Failed' | 'Job Skipped';
}

export interface PendingFault {
  kind: MetaFault;
  params: FaultParams;
}

/**
 * A job's status at its latest poll: a stuck job says "Job Running" at 100 % for its `stuck` polls;
 * a normal one "Job Running" 50 % at the first; then its end (Completed 100 %, Failed or Skipped 0 %).
 */
export function jobStatus(job: Job): [string, number] {
  if (job.polls <= job.stuck) return ['Job Running', 100];
  if (job.stuck === 0 && job.polls <= 1) return [job.polls ? 'Job Running' : 'Job Not Started', job.polls ? 50 : 0];
  return [job.end, job.end === 'Job Completed' ? 100 : 0];
}

export interface MetaSettings {
  accounts: FakeMetaAccount[];
  expiredTokens: string[];
  firstDay?: string;
  historyDays: number;
  maxSyncRows: number;
  log: (line: string) => void;
}

export class MetaState {
  readonly expired: Set<string>;
  readonly callFaults: PendingFault[] = [];
  readonly jobFaults: PendingFault[] = [];
  restatement: Restatement = { days: 0, factor: 1 };
  readonly jobs = new Map<string, Job>();
  private nextJob = 6023920149050;
  readonly received: FakeMetaRequest[] = [];
  /** Calls held by a `timeout` fault, let go when the fake stops. */
  readonly hanging = new Set<NodeJS.Timeout>();
  /** The usage the next answer's headers report (per cent). */
  usage = 3;

  constructor(readonly settings: MetaSettings) {
    this.expired = new Set(settings.expiredTokens);
  }

  get accounts(): FakeMetaAccount[] {
    return this.settings.accounts;
  }

  served(): Served {
    return { firstDay: this.settings.firstDay, historyDays: this.settings.historyDays, restatement: this.restatement };
  }

  injectFault(kind: MetaFault, params: FaultParams = {}): void {
    if (kind === 'restate') {
      this.restatement = { days: Math.max(0, Math.min(params.days ?? 3, 400)), factor: params.factor ?? 1.1 };
      return;
    }
    const times = Math.min(Math.max(1, params.times ?? 1), 100);
    for (let i = 0; i < times; i++) (JOB_FAULTS.has(kind) ? this.jobFaults : this.callFaults).push({ kind, params });
  }

  clearFaults(): void {
    this.callFaults.length = 0;
    this.jobFaults.length = 0;
    this.restatement = { days: 0, factor: 1 };
  }

  /** The fault this call takes: tooMuchData and malformedRow wait for an insights read; the others take the next call. */
  takeCallFault(path: string): PendingFault | undefined {
    const head = this.callFaults[0];
    return head && (!INSIGHTS_ONLY.has(head.kind) || path.endsWith('/insights')) ? this.callFaults.shift() : undefined;
  }

  checkToken(token: string | null): string {
    if (!token) throw new GraphRefusal(400, 104, 'An access token is required to request this resource.');
    if (this.expired.has(token)) throw sessionExpired();
    if (!this.accounts.some((a) => a.tokens.includes(token)))
      throw new GraphRefusal(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    return token;
  }

  accountFor(token: string, id: string): FakeMetaAccount {
    const acc = this.accounts.find((a) => a.id === id);
    if (!acc || !acc.tokens.includes(token)) {
      throw new GraphRefusal(
        400,
        100,
        `Unsupported get request. Object with ID 'act_${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        33,
        'GraphMethodException',
      );
    }
    return acc;
  }

  /** A report job for the account's range, as the next queued job fault makes it (stuck, failed, skipped). */
  startJob(accountId: string, since: string, until: string): string {
    const jf = this.jobFaults.shift();
    const id = String(this.nextJob++);
    this.jobs.set(id, {
      accountId,
      since,
      until,
      polls: 0,
      stuck: jf?.kind === 'asyncStuck' ? Math.max(1, jf.params.polls ?? 3) : 0,
      end: jf?.kind === 'asyncFailed' ? 'Job Failed' : jf?.kind === 'asyncSkipped' ? 'Job Skipped' : 'Job Completed',
    });
    return id;
  }
}
