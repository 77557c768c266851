import type { ChannelGroup } from '../channel-types/replies';
import type { Locale } from '../../shared/locales';

/**
 * Replies of the AI analytics routes (docs/ai-analytics.md): the channel groups' analysis
 * prompts (AccountsService.GetGroupPropmptsList / SaveGroupPropmts) and one grounded analysis of an
 * activity (AnalyticsService.RunActivityAnalysis). Plain TypeScript: the console imports it.
 */

/** The analysis prompt of one channel group of an account: the built-in default until saved. */
export interface GroupPromptView {
  ChannelGroup: ChannelGroup;
  /** The template; `{{name}}` placeholders (shared/analysis-placeholders.ts). */
  Prompt: string;
  /** true: never saved for this account, the built-in default prompt (Version 0). */
  IsDefault: boolean;
  /** The optimistic version to send back with a save (0 before the first save). */
  Version: number;
  UpdatedAt: string | null;
  UpdatedBy: string | null;
}

/** A fact of an analysis (lambdas/modules/ai-analysis/fact-list.ts Fact): one figure an answer may state. */
export interface AnalysisFactView {
  /** 'F1', 'F2', … */
  Id: string;
  SubjectKind: 'plan' | 'line' | 'group';
  /** The plan's version name, the line's name, or the channel group. */
  Subject: string;
  LineId?: number;
  /** pacing_pct, budget, ctr, … (the console translates the label by it). */
  Metric: string;
  Value: number;
  Unit: 'currency' | 'percent' | 'count' | 'ratio' | 'days';
  /** ISO code of a 'currency' fact. */
  Currency?: string;
  /** An English label, without the figure. */
  Text: string;
}

/** A figure of the shown answer and the fact it was traced to; At/Length are UTF-16 offsets into ActivityAnalysis.Text. */
export interface AnalysisFigureView {
  Text: string;
  FactId: string | null;
  At: number;
  Length: number;
}

export type AnalysisFallback =
  | 'NO_MODEL'
  | 'REFUSED_TWICE'
  | 'THROTTLED'
  | 'ACCESS_DENIED'
  | 'INVALID_REQUEST'
  | 'REFUSED'
  | 'MALFORMED_REPLY'
  | 'UNAVAILABLE';

/** RunActivityAnalysis: the answer shown (the model's, grounded, or the deterministic one) with its figures and facts. */
export interface ActivityAnalysis {
  AccountId: number;
  ActivityId: number;
  MediaMixId: number;
  /** The last complete day the figures run through ('YYYY-MM-DD'). */
  AsOf: string;
  Lang: Locale;
  /** The group whose prompt was used; null when the plan has no line in a known group. */
  ChannelGroup: string | null;
  /** The group's prompt with its placeholders filled (what the model was asked). */
  Prompt: string;
  Shown: 'model' | 'deterministic';
  /** The answer, normalised (bidi marks removed): the text Figures' offsets index. */
  Text: string;
  Figures: AnalysisFigureView[];
  Facts: AnalysisFactView[];
  /** The model id of the shown text, or 'deterministic'. */
  Model: string;
  /** The model asked, when one was (also when its answers were not shown). */
  ModelAsked: string | null;
  InputTokens: number;
  OutputTokens: number;
  /** Model answers asked for (0 offline; 2 after a refused answer). */
  Attempts: number;
  /** Why the deterministic analysis is shown; null when the model's answer is. */
  Fallback: AnalysisFallback | null;
  /** The model's failure in words (no credential, no prompt); null when none. */
  ErrorMessage: string | null;
}
