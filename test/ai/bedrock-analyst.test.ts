import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { AnalystError } from '../../lambdas/modules/ai-analysis/analyst';
import { bedrockAnalyst } from '../../lambdas/modules/ai-analysis/bedrock-analyst';
import { groundedAnalysis } from '../../lambdas/modules/ai-analysis/grounded-analysis';
import { analysisFacts } from '../../lambdas/modules/ai-analysis/analysis-facts';
import { checkGrounding } from '../../lambdas/modules/ai-analysis/grounding-check';
import { startFakeBedrock, type FakeBedrock } from '../../local/fakes/bedrock-server';
import { GROUPS, performanceFixture } from './performance-fixture';

/**
 * The REAL @aws-sdk/client-bedrock-runtime client (its default HTTP/2 transport) against the local
 * Converse fake (local/fakes/bedrock-server.ts): a grounded answer shown; an invented figure retried
 * once, then replaced by the deterministic analysis; throttling retried by the SDK's standard retry,
 * then a clear error; access denied, a refused and a malformed reply as clear errors, never a crash;
 * no credential in a log line.
 */

const MODEL = 'anthropic.claude-3-5-haiku-20241022-v1:0';
const ACCESS_KEY = 'AKIAFAKEBEDROCKTEST1';
const SECRET = 'fake-bedrock-secret-do-not-log-0123456789';
const PROMPT = 'Explain how this search campaign is pacing and what to change.';
const facts = analysisFacts(performanceFixture(), { groupOfChannelType: GROUPS });

let fake: FakeBedrock;
const logs: string[] = [];
const analysts: { destroy(): void }[] = [];

function analyst(over: Partial<Parameters<typeof bedrockAnalyst>[0]> = {}) {
  const a = bedrockAnalyst({
    modelId: MODEL,
    endpoint: fake.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
    // The SDK's standard retry (3 attempts) with short delays, so the tests take milliseconds.
    retryStrategy: new ConfiguredRetryStrategy(3, () => 5),
    timeoutMs: 5_000,
    log: (l) => logs.push(l),
    ...over,
  });
  analysts.push(a);
  return a;
}

beforeAll(async () => {
  fake = await startFakeBedrock({ accessKeyIds: [ACCESS_KEY], models: [MODEL] });
});
afterAll(async () => {
  for (const a of analysts) a.destroy();
  await fake.stop();
});

async function errorOf(p: Promise<unknown>): Promise<AnalystError> {
  try {
    await p;
  } catch (err) {
    return err as AnalystError;
  }
  throw new Error('expected a failure');
}

describe('the Bedrock analyst against the Converse fake', () => {
  it('shows a grounded answer, with the model and the tokens', async () => {
    const before = fake.calls().length;
    const r = await groundedAnalysis(analyst(), facts, PROMPT, 'en');
    expect(r).toMatchObject({ shown: 'model', model: MODEL, modelAsked: MODEL, fallback: null, error: null });
    expect(r.attempts).toHaveLength(1);
    expect(r.inputTokens).toBeGreaterThan(100);
    expect(r.outputTokens).toBeGreaterThan(5);
    expect(r.figures.length).toBeGreaterThanOrEqual(5);
    expect(r.figures.every((f) => f.ok && f.factId !== null)).toBe(true);
    const call = fake.calls()[before];
    expect(call.modelId).toBe(MODEL);
    expect(call.httpVersion).toBe('2.0'); // the client's own default transport, HTTP/2 (h2c to the fake)
    expect(call.system).toContain('cite the id of the fact');
    expect(call.user).toContain(PROMPT);
    expect(call.user).toContain('"Id":"F1"');
  });

  it('refuses an invented figure, asks once more with the reasons, and shows the grounded retry', async () => {
    const before = fake.calls().length;
    fake.injectFault('invent');
    const r = await groundedAnalysis(analyst(), facts, PROMPT, 'he');
    expect(r.shown).toBe('model');
    expect(r.attempts.map((a) => a.ok)).toEqual([false, true]);
    expect(r.attempts[0].refusals).toEqual([expect.stringMatching(/^"\d+\.\d\d" is not a figure of any fact/)]);
    const retry = fake.calls()[before + 1];
    expect(retry.user).toContain('Your previous answer was refused');
    expect(retry.user).toContain(r.attempts[0].refusals[0]);
    expect(retry.system).toContain('Answer in Hebrew');
    expect(r.inputTokens).toBe(r.attempts[0].inputTokens + r.attempts[1].inputTokens);
  });

  it('replaces an answer refused twice by the deterministic analysis, and says so', async () => {
    fake.injectFault('invent', 2);
    const r = await groundedAnalysis(analyst(), facts, PROMPT, 'en');
    expect(r).toMatchObject({
      shown: 'deterministic',
      model: 'deterministic',
      modelAsked: MODEL,
      fallback: 'REFUSED_TWICE',
      error: null,
    });
    expect(r.attempts).toHaveLength(2);
    expect(r.text).toContain('not by a language model');
    expect(checkGrounding(r.text, facts).ok).toBe(true);
    expect(r.outputTokens).toBeGreaterThan(0); // the refused answers' tokens were spent all the same
  });

  it("retries throttling through the SDK's standard retry and then answers", async () => {
    const before = fake.calls().length;
    fake.injectFault('throttle', 2);
    const a = await analyst().analyse(facts, PROMPT, 'en');
    expect(a.model).toBe(MODEL);
    expect(
      fake
        .calls()
        .slice(before)
        .map((c) => c.answered),
    ).toEqual(['throttle', 'throttle', 'grounded']);
  });

  it('surfaces throttling that outlasts the retries as THROTTLED; the page falls back with the error', async () => {
    const before = fake.calls().length;
    fake.injectFault('throttle', 3);
    const e = await errorOf(analyst().analyse(facts, PROMPT, 'en'));
    expect(e).toBeInstanceOf(AnalystError);
    expect(e.code).toBe('THROTTLED');
    expect(e.message).toMatch(/throttled.*ThrottlingException 429/);
    expect(fake.calls().length - before).toBe(3);

    fake.injectFault('throttle', 3);
    const r = await groundedAnalysis(analyst(), facts, PROMPT, 'en');
    expect(r).toMatchObject({ shown: 'deterministic', fallback: 'THROTTLED', error: { code: 'THROTTLED' } });
  });

  it.each([
    ['accessDenied', 'ACCESS_DENIED', /refused access.*AccessDeniedException 403/],
    ['validation', 'INVALID_REQUEST', /refused the request.*ValidationException 400/],
    ['refuse', 'REFUSED', /declined.*guardrail_intervened/],
    ['malformed', 'MALFORMED_REPLY', /could not be read/],
    ['empty', 'MALFORMED_REPLY', /no output\.message\.content/],
  ] as const)('%s → a clear %s error, not retried, never a crash', async (fault, code, message) => {
    const before = fake.calls().length;
    fake.injectFault(fault);
    const e = await errorOf(analyst().analyse(facts, PROMPT, 'en'));
    expect({ name: e.name, code: e.code }).toEqual({ name: 'AnalystError', code });
    expect(e.message).toMatch(message);
    expect(fake.calls().length - before).toBe(1);
  });

  it('an unknown access key is ACCESS_DENIED; an unknown model INVALID_REQUEST', async () => {
    expect(
      (
        await errorOf(
          analyst({ credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: SECRET } }).analyse(
            facts,
            PROMPT,
            'en',
          ),
        )
      ).code,
    ).toBe('ACCESS_DENIED');
    expect((await errorOf(analyst({ modelId: 'no.such-model-v1:0' }).analyse(facts, PROMPT, 'en'))).code).toBe(
      'INVALID_REQUEST',
    );
  });

  it('an endpoint that does not answer is UNAVAILABLE', async () => {
    const gone = await startFakeBedrock({ accessKeyIds: [ACCESS_KEY] });
    await gone.stop();
    const e = await errorOf(analyst({ endpoint: gone.endpoint }).analyse(facts, PROMPT, 'en'));
    expect(e.code).toBe('UNAVAILABLE');
  });

  it('a client file that does not load is UNAVAILABLE: the page falls back with the reason', async () => {
    // As in a Lambda bundle whose build named a file that is not beside it (lib/lambda-bundling.ts BEDROCK_CHUNK).
    process.env.MIXDESK_BEDROCK_CHUNK = 'no-such-bedrock-client.mjs';
    try {
      const before = fake.calls().length;
      const r = await groundedAnalysis(analyst(), facts, PROMPT, 'en');
      expect(r).toMatchObject({ shown: 'deterministic', modelAsked: MODEL });
      expect(r.error?.code).toBe('UNAVAILABLE');
      expect(r.error?.message).toContain('the Bedrock client did not load');
      expect(fake.calls()).toHaveLength(before);
    } finally {
      delete process.env.MIXDESK_BEDROCK_CHUNK;
    }
  });

  it('without a model the deterministic analysis is shown at once', async () => {
    const r = await groundedAnalysis(null, facts, PROMPT, 'he');
    expect(r).toMatchObject({
      shown: 'deterministic',
      fallback: 'NO_MODEL',
      modelAsked: null,
      inputTokens: 0,
      attempts: [],
    });
    expect(r.figures.every((f) => f.ok)).toBe(true);
  });

  it('logs the model, the tokens and the error codes, never a credential', () => {
    const all = logs.join('\n');
    expect(all).toContain(`model=${MODEL}`);
    expect(all).toMatch(/inputTokens=\d+ outputTokens=\d+/);
    expect(all).toContain('code=THROTTLED');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(ACCESS_KEY);
    expect(all).not.toMatch(/Signature=|AWS4-HMAC/);
  });
});
