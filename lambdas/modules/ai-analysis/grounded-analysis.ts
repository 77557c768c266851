import type { Fact } from './fact-list';
import { deterministicAnalysis, type AnalysisLang } from './deterministic-analysis';
import { checkGrounding, refusalReasons, type CheckedFigure } from './grounding-check';
import { AnalystError, type Analyst, type AnalystErrorCode } from './analyst';

/**
 * The grounded run: ask the analyst → check every figure against the facts → on a
 * refusal ask ONCE more, telling the model which figures were refused and why → if that answer is
 * refused too, or the analyst fails (throttled after the SDK's retries, access denied, a malformed
 * reply, …), show the deterministic analysis instead. The result says which was shown and why, the
 * figures of the shown text with their facts (the page links each to its fact), the model and the
 * tokens spent on every attempt (a refused answer's tokens were spent all the same).
 * No analyst (offline, or no model configured): the deterministic analysis at once.
 */

export type FallbackReason = 'NO_MODEL' | 'REFUSED_TWICE' | AnalystErrorCode;

export interface AnalysisAttempt {
  text: string;
  ok: boolean;
  /** Why its figures were refused (empty when ok). */
  refusals: string[];
  inputTokens: number;
  outputTokens: number;
}

export interface GroundedAnalysis {
  shown: 'model' | 'deterministic';
  text: string;
  figures: CheckedFigure[];
  /** The model id of the shown text, or 'deterministic'. */
  model: string;
  /** The model asked, when one was (also when its answers were not shown). */
  modelAsked: string | null;
  inputTokens: number;
  outputTokens: number;
  attempts: AnalysisAttempt[];
  /** Why the deterministic analysis is shown; null when the model's answer is. */
  fallback: FallbackReason | null;
  /** The analyst's failure, in words (no credential, no prompt). */
  error: { code: AnalystErrorCode; message: string } | null;
}

export interface GroundedOptions {
  /** The dates an answer may state (grounding-check `dates`). */
  dates?: readonly string[];
  /** Names an answer may quote besides the facts' subjects (grounding-check `names`). */
  names?: readonly string[];
}

export async function groundedAnalysis(
  analyst: Analyst | null,
  facts: readonly Fact[],
  prompt: string,
  lang: AnalysisLang,
  opts: GroundedOptions = {},
): Promise<GroundedAnalysis> {
  const attempts: AnalysisAttempt[] = [];
  const tokens = () => ({
    inputTokens: attempts.reduce((s, a) => s + a.inputTokens, 0),
    outputTokens: attempts.reduce((s, a) => s + a.outputTokens, 0),
  });
  const fallback = (reason: FallbackReason, error: GroundedAnalysis['error']): GroundedAnalysis => {
    const d = deterministicAnalysis(facts, lang);
    const check = checkGrounding(d.text, facts, { ...opts, lang });
    return {
      shown: 'deterministic',
      text: d.text,
      figures: check.figures,
      model: d.model,
      modelAsked: analyst?.model ?? null,
      ...tokens(),
      attempts,
      fallback: reason,
      error,
    };
  };
  if (!analyst) return fallback('NO_MODEL', null);

  for (let round = 0; round < 2; round += 1) {
    const previous = attempts[attempts.length - 1];
    let answer;
    try {
      answer = await analyst.analyse(
        facts,
        prompt,
        lang,
        previous ? { answer: previous.text, refusals: previous.refusals } : undefined,
      );
    } catch (err) {
      if (err instanceof AnalystError) return fallback(err.code, { code: err.code, message: err.message });
      return fallback('UNAVAILABLE', { code: 'UNAVAILABLE', message: 'the analyst failed unexpectedly' });
    }
    const check = checkGrounding(answer.text, facts, { ...opts, lang });
    attempts.push({
      text: answer.text,
      ok: check.ok,
      refusals: refusalReasons(check),
      inputTokens: answer.inputTokens,
      outputTokens: answer.outputTokens,
    });
    if (check.ok) {
      return {
        shown: 'model',
        text: answer.text,
        figures: check.figures,
        model: answer.model,
        modelAsked: analyst.model,
        ...tokens(),
        attempts,
        fallback: null,
        error: null,
      };
    }
  }
  return fallback('REFUSED_TWICE', null);
}
