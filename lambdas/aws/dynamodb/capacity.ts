import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a piece of work consumed of DynamoDB, for the cost model (`npm run cost`, docs/cost.md): the
 * local stack meters each request and job with `meterCapacity`; inside it every call asks DynamoDB
 * for its consumed capacity and adds it here. Nothing is metered in Lambda (nobody starts a meter
 * there), so the functions' calls are unchanged. Units are on-demand request units: DynamoDB Local
 * answers the provisioned units, which on-demand bills one for one (read: 4 KB strongly consistent,
 * half that eventually consistent; write: 1 KB; transactions twice).
 */
export interface CapacityTally {
  read: number;
  write: number;
  calls: number;
}

const meter = new AsyncLocalStorage<CapacityTally>();

/** `work` run with its DynamoDB calls added to `tally`. */
export function meterCapacity<T>(tally: CapacityTally, work: () => Promise<T>): Promise<T> {
  return meter.run(tally, work);
}

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/** The tally to add to, when this call is metered and its operation reports capacity. */
export function meteredCall(operation: string, input: object): CapacityTally | undefined {
  const tally = meter.getStore();
  if (!tally || !(READS.has(operation) || WRITES.has(operation)) || 'ReturnConsumedCapacity' in input) return undefined;
  return tally;
}

/** Adds a reply's ConsumedCapacity (one entry or one per table) and removes it, so the caller sees the reply it asked for. */
export function addConsumed(tally: CapacityTally, operation: string, output: Record<string, unknown>): void {
  const consumed = [output.ConsumedCapacity].flat() as ({ CapacityUnits?: number } | undefined)[];
  const units = consumed.reduce((sum, c) => sum + (typeof c?.CapacityUnits === 'number' ? c.CapacityUnits : 0), 0);
  if (READS.has(operation)) tally.read += units;
  else tally.write += units;
  tally.calls++;
  delete output.ConsumedCapacity;
}
