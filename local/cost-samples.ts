import { appendFileSync } from 'node:fs';
import { meterCapacity, type CapacityTally } from '../lambdas/aws/dynamodb/capacity';

/**
 * The samples the cost model is made from (`npm run cost`, docs/cost.md): one JSON line per API
 * request or job run of the local stack — what it was, how long its handler ran and what it
 * consumed of DynamoDB. Written only when MIXDESK_COST_SAMPLES names a file (the journeys and the
 * benches set it); otherwise nothing is metered.
 */
export interface CostSample {
  kind: 'route' | 'job';
  /** `Service.Method` of a route, or the job's name. */
  name: string;
  ms: number;
  read: number;
  write: number;
  calls: number;
  /** How many of what the job handles this run covered (a sync: ad accounts), when it says. */
  units?: number;
}

export type CostSink = (sample: CostSample) => void;

/** The sink of MIXDESK_COST_SAMPLES, or undefined when it is not set. */
export function costSampleSink(file = process.env.MIXDESK_COST_SAMPLES): CostSink | undefined {
  if (!file) return undefined;
  return (sample) => appendFileSync(file, `${JSON.stringify(sample)}\n`);
}

/** `work` metered into `sink` as one sample (a failed run too: it consumed what it did). */
export async function metered<T>(
  sink: CostSink | undefined,
  what: Pick<CostSample, 'kind' | 'name'>,
  work: () => Promise<T>,
  unitsOf?: (result: T) => number,
): Promise<T> {
  if (!sink) return work();
  const tally: CapacityTally = { read: 0, write: 0, calls: 0 };
  const started = performance.now();
  let units: number | undefined;
  try {
    const result = await meterCapacity(tally, work);
    units = unitsOf?.(result);
    return result;
  } finally {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    sink({ ...what, ms, ...tally, ...(units === undefined ? {} : { units }) });
  }
}
