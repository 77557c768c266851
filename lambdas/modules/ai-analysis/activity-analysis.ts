import type { output } from 'zod/mini';
import { bedrockAnalyst } from './bedrock-analyst';
import type { Analyst } from './analyst';
import { groundedAnalysis } from './grounded-analysis';
import { log } from '../../core/logger';
import { listAccountChannelTypes } from '../channel-types';
import { listChannelTypes } from '../channel-types';
import type { UserProfile } from '../tenancy';
import type { runActivityAnalysis } from './schemas';
import type { ActivityAnalysis } from './replies';
import type { ChannelGroup } from '../channel-types/replies';
import { analysisFacts } from './analysis-facts';
import { analysisWindows, periodComparison } from './analysis-windows';
import { activityPerformanceWithRows } from '../performance';
import { normaliseAnswer } from './grounding-check';
import { fillPrompt, GENERAL_PROMPT, groupPromptsOf, largestGroup } from './group-prompts';

/**
 * AnalyticsService.RunActivityAnalysis (docs/ai-analytics.md): one version of an
 * activity analysed without a single invented number.
 * 1. The figures: PerformanceService's own activity performance (activity-performance.ts, the same
 *    read and scope checks as its page), and the channel group of each line's channel type.
 * 2. The facts (analysis-facts.ts), with the changes vs the previous period: the last 7 complete days
 *    (through AsOf, or the flight's end) against the 7 days before, both clipped to the flight's start,
 *    from the same day rows the reply summed (no second read of the rollups).
 * 3. The prompt: the chosen group's (else the group with the largest budget), placeholders filled
 *    from the plan's facts.
 * 4. groundedAnalysis with the Bedrock analyst when BEDROCK_MODEL_ID is set (the stage config), else
 *    none: the deterministic analysis (offline, dev).
 * One log line: model, tokens, shown, fallback, never the prompt or a credential.
 */

let cached: { key: string; analyst: Analyst & { destroy(): void } } | null = null;

/** The stage's analyst, one per container (the client keeps its HTTP/2 session); null without a model id. */
function stageAnalyst(): Analyst | null {
  const modelId = process.env.BEDROCK_MODEL_ID;
  if (!modelId) {
    cached?.analyst.destroy();
    cached = null;
    return null;
  }
  const endpoint = process.env.BEDROCK_ENDPOINT;
  const key = `${modelId}|${endpoint ?? ''}`;
  if (cached?.key === key) return cached.analyst;
  cached?.analyst.destroy();
  // Two rounds (a refused answer is asked once more) of at most 12 s each fit the function's 29 s
  // (lib/constructs/bedrock-grant.ts), so no SDK retry: throttled is answered at once with the
  // deterministic analysis and Fallback THROTTLED (the page says so) rather than past the API's time-out.
  const analyst = bedrockAnalyst({
    modelId,
    timeoutMs: 12_000,
    maxAttempts: 1,
    // A local Converse (npm start's fake, the tests) takes the local stack's static key, as DynamoDB Local does.
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  cached = { key, analyst };
  return analyst;
}

/** The channel group of each channel type name: the platform catalogue's, the account's copies over it (a copy may be renamed). */
async function groupsOfChannelTypes(companyId: number, mainAccountId: number): Promise<Record<string, ChannelGroup>> {
  const [global, own] = await Promise.all([listChannelTypes(), listAccountChannelTypes(companyId, mainAccountId)]);
  return Object.fromEntries([...global, ...own].map((t) => [t.Name, t.Group]));
}

export async function runActivityAnalysisFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof runActivityAnalysis>,
): Promise<ActivityAnalysis> {
  // Made first: its SDK client loads beside the reads below.
  const analyst = stageAnalyst();
  const { reply: perf, rows } = await activityPerformanceWithRows(caller, scopeAccountId, {
    activityId: input.activityId,
    mediaMixId: input.mediaMixId,
  });
  const [groupOfChannelType, prompts] = await Promise.all([
    groupsOfChannelTypes(caller.companyId, perf.AccountId),
    groupPromptsOf(caller.companyId, perf.AccountId),
  ]);
  const windows = analysisWindows(perf.AsOf, perf.StartDate, perf.EndDate);
  const previous = windows
    ? periodComparison(
        windows,
        perf.Lines.map((l, i) => ({ lineId: l.LineId, rows: rows[i] })),
      )
    : null;
  const facts = analysisFacts(perf, { groupOfChannelType, previous });
  const group = input.channelGroup ?? largestGroup(facts);
  const prompt = fillPrompt(group ? prompts[group].Prompt : GENERAL_PROMPT, perf, facts, group);
  // The windows' first and last days may be stated too (the answer may say which days it compares).
  const windowDays = windows
    ? [windows.recent.from, windows.recent.to, windows.previous.from, windows.previous.to]
    : [];
  const dates = [
    ...new Set(
      [perf.Today, perf.AsOf, perf.StartDate, perf.EndDate, ...windowDays].filter((d): d is string => d !== null),
    ),
  ];

  // The prompt names the activity and the version apart (fillPrompt): an answer may quote either whole.
  const result = await groundedAnalysis(analyst, facts, prompt, input.lang, {
    dates,
    names: [perf.ActivityName, perf.VersionName],
  });
  // The figures' offsets index the normalised answer (grounding-check.ts), so that is the text answered.
  const text = normaliseAnswer(result.text);
  log.info('activity analysis', {
    activityId: perf.ActivityId,
    mediaMixId: perf.MediaMixId,
    model: result.model,
    modelAsked: result.modelAsked,
    shown: result.shown,
    fallback: result.fallback,
    attempts: result.attempts.length,
    usageIn: result.inputTokens,
    usageOut: result.outputTokens,
    facts: facts.length,
    figures: result.figures.length,
    ...(result.error ? { analystError: result.error.message } : {}),
  });
  return {
    AccountId: perf.AccountId,
    ActivityId: perf.ActivityId,
    MediaMixId: perf.MediaMixId,
    AsOf: perf.AsOf,
    Lang: input.lang,
    ChannelGroup: group,
    Prompt: prompt,
    Shown: result.shown,
    Text: text,
    Figures: result.figures.map((f) => ({ Text: f.text, FactId: f.factId, At: f.at, Length: f.text.length })),
    Facts: facts,
    Model: result.model,
    ModelAsked: result.modelAsked,
    InputTokens: result.inputTokens,
    OutputTokens: result.outputTokens,
    Attempts: result.attempts.length,
    Fallback: result.fallback,
    ErrorMessage: result.error?.message ?? null,
  };
}
