import type { ConflictError } from '../../core/errors';
import type { ListPage } from '../../aws/dynamodb/page-token';
import type { Stamped } from '../../aws/dynamodb/stamped';
import type { AuditAction } from '../audit';

export type RateSource = 'manual' | 'import';

/** 1 From = Rate To on Date (docs/domain.md). RateMicros: the same rate in millionths (the money module's unit). */
export interface ExchangeRate extends Stamped {
  Date: string;
  From: string;
  To: string;
  Rate: number;
  RateMicros: number;
  Source: RateSource;
  /** Deleted: kept (with its history) outside the lookup's key range. */
  Archived: boolean;
}

export interface RateListFilter {
  from?: string;
  to?: string;
  fromDate?: string;
  toDate?: string;
}

/** One imported rate: what it replaces (the live rate read, or a deleted copy it revives) and what it puts live. */
export interface RateReplacement {
  live: ExchangeRate | undefined;
  archived: ExchangeRate | undefined;
  after: ExchangeRate;
}

/** What one transaction of an import records (its audit entry) and answers when a rate changed meanwhile. */
export interface ImportChunk {
  audit: { who: string; at: string; lines: string; before: unknown; after: unknown };
  conflict: ConflictError;
}

/**
 * What the rates need of storage. store.dynamodb.ts implements it; the rules call the store's
 * functions, never DynamoDB.
 */
export interface RateStore {
  getRate(
    companyId: number,
    from: string,
    to: string,
    date: string,
    archived?: boolean,
  ): Promise<ExchangeRate | undefined>;
  /** The latest live rate of a pair on or before `date`. */
  latestRateOnOrBefore(companyId: number, from: string, to: string, date: string): Promise<ExchangeRate | undefined>;
  /** One page of live rates, newest date first. */
  listRates(
    companyId: number,
    filter: RateListFilter,
    limit: number,
    nextToken?: string | null,
  ): Promise<ListPage<ExchangeRate>>;
  /** Every rate of a pair between two dates, live or deleted. */
  ratesOfPair(
    companyId: number,
    from: string,
    to: string,
    fromDate: string,
    toDate: string,
    archived: boolean,
  ): Promise<ExchangeRate[]>;
  /** A manual save with its audit entry, all or nothing. */
  saveRate(
    companyId: number,
    live: ExchangeRate | undefined,
    archived: ExchangeRate | undefined,
    after: ExchangeRate,
    action: AuditAction,
  ): Promise<void>;
  /** Delete: the live rate moves out of the lookup, with its audit entry. */
  archiveRate(companyId: number, live: ExchangeRate, after: ExchangeRate): Promise<void>;
  /** An import, in transactions of as many rows as fit, each with its audit entry. */
  writeRateImport<R extends RateReplacement>(
    companyId: number,
    rows: readonly R[],
    describe: (chunk: R[]) => ImportChunk,
  ): Promise<void>;
}
