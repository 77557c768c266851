import {
  PlatformError,
  type ConnectorType,
  type DailyStat,
  type Day,
  type ExternalAccount,
  type PlatformClient,
} from '../../lambdas/modules/connectors/platform';
import { addDaysTo } from '../../lambdas/shared/calendar';

/**
 * An in-process platform for the sync engine's tests and the bench: deterministic delivery per
 * (account, campaign, day), yielded day by day in batches like the real clients; `restate` moves
 * chosen days' values; `failures` makes the next calls throw (a PlatformError, optionally after
 * some batches were yielded). The HTTP fakes (local/fakes/*) test the clients' wire formats; this
 * one tests what the engine does with what a client gives.
 */
export interface MemoryPlatformOptions {
  type?: ConnectorType;
  campaigns: number;
  /** Rows per yielded batch (default 1,000). */
  batchRows?: number;
  currency?: string;
}

export class MemoryPlatform {
  readonly type: ConnectorType;
  /** Added to every figure of a day in this set (a restatement). */
  readonly restated = new Map<Day, number>();
  /** Queued failures: each dailyStats call takes the first one, if any. */
  readonly failures = new Map<string, { error: PlatformError; afterBatches?: number }[]>();
  calls: { externalAccountId: string; from: Day; to: Day }[] = [];

  constructor(private readonly opts: MemoryPlatformOptions) {
    this.type = opts.type ?? 'google_ads';
  }

  stat(externalAccountId: string, campaign: number, date: Day): DailyStat {
    const seed = [...`${externalAccountId}|${campaign}|${date}`].reduce(
      (h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0,
      7,
    );
    const bump = this.restated.get(date) ?? 0;
    const impressions = 1000 + (seed % 5000) + bump * 10;
    const clicks = 10 + (seed % 97) + bump;
    return {
      date,
      connectorType: this.type,
      externalAccountId,
      externalCampaignId: String(1000 + campaign),
      campaignName: `Campaign ${campaign}`,
      campaignStatus: 'ENABLED',
      impressions,
      clicks,
      spend: Math.round((clicks * 0.37 + bump) * 100) / 100,
      currency: this.opts.currency ?? 'ILS',
      conversions: (seed % 7) + bump,
      conversionValue: Math.round(((seed % 7) * 12.5 + bump) * 100) / 100,
      videoViews: seed % 300,
    };
  }

  client(): PlatformClient {
    return {
      type: this.type,
      listAccounts: async (): Promise<ExternalAccount[]> => [],
      dailyStats: (externalAccountId: string, from: Day, to: Day) => this.stream(externalAccountId, from, to),
    };
  }

  private async *stream(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    this.calls.push({ externalAccountId, from, to });
    const failure = this.failures.get(externalAccountId)?.shift();
    if (failure && !failure.afterBatches) throw failure.error;
    let batch: DailyStat[] = [];
    let yielded = 0;
    for (let day = from; day <= to; day = addDaysTo(day, 1)) {
      for (let c = 0; c < this.opts.campaigns; c++) batch.push(this.stat(externalAccountId, c, day));
      if (batch.length >= (this.opts.batchRows ?? 1000)) {
        yield batch;
        batch = [];
        if (failure && ++yielded >= failure.afterBatches!) throw failure.error;
      }
    }
    if (batch.length) yield batch;
  }
}
