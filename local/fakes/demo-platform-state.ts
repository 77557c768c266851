import type { Restatement, Served } from './ads-demo-data';

/** What the Meta and TikTok fakes share: the demo's history they serve, its restatement, queued faults, held calls. */

const NO_RESTATEMENT: Restatement = { days: 0, factor: 1 };

export interface DemoFaultParams {
  times?: number;
  /** restate: the last N days (default 3) by `factor` (default 1.1). */
  days?: number;
  factor?: number;
}

export interface PendingFault<Kind extends string, Params> {
  kind: Kind;
  params: Params;
}

export abstract class DemoPlatformState<Kind extends string, Params extends DemoFaultParams> {
  restatement: Restatement = NO_RESTATEMENT;
  /** Calls held by a `timeout` fault, let go when the fake stops. */
  readonly hanging = new Set<NodeJS.Timeout>();

  constructor(
    readonly expired: Set<string>,
    private readonly history: { firstDay?: string; historyDays: number },
  ) {}

  /** The queue a fault of this kind waits in. */
  protected abstract queueOf(kind: Kind): PendingFault<Kind, Params>[];
  protected abstract queues(): PendingFault<Kind, Params>[][];

  served(): Served {
    return { firstDay: this.history.firstDay, historyDays: this.history.historyDays, restatement: this.restatement };
  }

  /** `restate` changes the figures from now on; any other fault takes the next `times` calls (1 to 100). */
  injectFault(kind: Kind | 'restate', params = {} as Params): void {
    if (kind === 'restate') {
      this.restatement = { days: Math.max(0, Math.min(params.days ?? 3, 400)), factor: params.factor ?? 1.1 };
      return;
    }
    const times = Math.min(Math.max(1, params.times ?? 1), 100);
    for (let i = 0; i < times; i++) this.queueOf(kind).push({ kind, params });
  }

  clearFaults(): void {
    for (const q of this.queues()) q.length = 0;
    this.restatement = NO_RESTATEMENT;
  }

  stop(): void {
    for (const t of this.hanging) clearTimeout(t);
    this.hanging.clear();
  }
}
