import type { DemoAccount } from './ads-demo-data';
import { DemoPlatformState, type DemoFaultParams, type PendingFault } from './demo-platform-state';
import { GraphRefusal, sessionExpired } from './meta-ads-wire';

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

export interface FaultParams extends DemoFaultParams {
  /** throttle: Meta's estimated_time_to_regain_access (default 1). */
  minutes?: number;
  /** timeout: how long the call hangs (default 60 s; stop() ends it). */
  ms?: number;
  /** asyncStuck: polls at "Job Running" 100 % (default 3). */
  polls?: number;
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

export type MetaPendingFault = PendingFault<MetaFault, FaultParams>;

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

export class MetaState extends DemoPlatformState<MetaFault, FaultParams> {
  readonly callFaults: MetaPendingFault[] = [];
  readonly jobFaults: MetaPendingFault[] = [];
  readonly jobs = new Map<string, Job>();
  private nextJob = 6023920149050;
  readonly received: FakeMetaRequest[] = [];
  /** The usage the next answer's headers report (per cent). */
  usage = 3;

  constructor(readonly settings: MetaSettings) {
    super(new Set(settings.expiredTokens), settings);
  }

  get accounts(): FakeMetaAccount[] {
    return this.settings.accounts;
  }

  protected queueOf(kind: MetaFault): MetaPendingFault[] {
    return JOB_FAULTS.has(kind) ? this.jobFaults : this.callFaults;
  }

  protected queues(): MetaPendingFault[][] {
    return [this.callFaults, this.jobFaults];
  }

  /** The fault this call takes: tooMuchData and malformedRow wait for an insights read; the others take the next call. */
  takeCallFault(path: string): MetaPendingFault | undefined {
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
