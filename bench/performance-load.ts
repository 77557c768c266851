import { postJson } from './api-client';
import { percentile } from './stats';

/**
 * The load run's client (bench/performance.ts spawns it, so that the API process it measures holds
 * no client state and the client's CPU is its own process): `users` simulated users at once, each
 * with its own token, each sending the next call of the mix as soon as the last one answered, for
 * `durationMs`. A non-2xx answer, or a reply without Success, is an error. Prints one JSON line.
 *
 *   echo '{"apiUrl":…,"durationMs":…,"tokens":[…],"calls":[…]}' | npx tsx bench/performance-load.ts
 */
export interface LoadCall {
  name: string;
  /** Share of the mix (relative). */
  weight: number;
  path: string;
  body: unknown;
  accountId?: number;
}

export interface LoadConfig {
  apiUrl: string;
  durationMs: number;
  tokens: string[];
  calls: LoadCall[];
}

export interface LoadResult {
  requests: number;
  errors: number;
  errorSamples: string[];
  seconds: number;
  p50: number;
  p99: number;
  byCall: Record<string, { requests: number; errors: number; p50: number; p99: number }>;
}

async function run(cfg: LoadConfig): Promise<LoadResult> {
  const total = cfg.calls.reduce((s, c) => s + c.weight, 0);
  const times: number[] = [];
  const byCall = new Map<string, { times: number[]; errors: number }>(
    cfg.calls.map((c) => [c.name, { times: [], errors: 0 }]),
  );
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + cfg.durationMs;
  const user = async (u: number) => {
    // A small deterministic generator per user: the same mix on every run.
    let seed = (2654435761 * (u + 1)) >>> 0;
    const next = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const auth = { authorization: `Bearer ${cfg.tokens[u]}` };
    while (performance.now() < until) {
      let pick = next() * total;
      const call = cfg.calls.find((c) => (pick -= c.weight) < 0) ?? cfg.calls[0];
      const t0 = performance.now();
      let ok = false;
      let why = '';
      try {
        const res = await postJson(
          `${cfg.apiUrl}/${call.path}`,
          { ...auth, ...(call.accountId ? { 'x-account-id': String(call.accountId) } : {}) },
          call.body,
        );
        ok = res.status >= 200 && res.status < 300 && res.body.Success === true;
        // API Gateway's (and the local server's) own 500 — a handler that threw or timed out — is {message}.
        if (!ok)
          why = `${res.status} ${res.body.ErrorMessage ?? (res.body as unknown as { message?: string }).message ?? ''}`;
      } catch (err) {
        why = (err as Error).message;
      }
      const ms = performance.now() - t0;
      const c = byCall.get(call.name)!;
      times.push(ms);
      c.times.push(ms);
      if (!ok) {
        errors++;
        c.errors++;
        if (errorSamples.length < 5) errorSamples.push(`${call.name}: ${why}`);
      }
    }
  };
  await Promise.all(cfg.tokens.map((_, u) => user(u)));
  return {
    requests: times.length,
    errors,
    errorSamples,
    seconds: (performance.now() - started) / 1000,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    byCall: Object.fromEntries(
      [...byCall].map(([name, c]) => [
        name,
        { requests: c.times.length, errors: c.errors, p50: percentile(c.times, 50), p99: percentile(c.times, 99) },
      ]),
    ),
  };
}

if (require.main === module) {
  const chunks: Buffer[] = [];
  process.stdin.on('data', (c: Buffer) => chunks.push(c));
  process.stdin.on('end', () =>
    run(JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadConfig).then(
      (r) => {
        process.stdout.write(`${JSON.stringify(r)}\n`);
        process.exit(0);
      },
      (err) => {
        console.error(err);
        process.exit(1);
      },
    ),
  );
}
