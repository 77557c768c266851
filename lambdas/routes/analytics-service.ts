import { runActivityAnalysis } from '../schemas/ai-analytics';
import type { ActivityAnalysis } from '../shared/replies/ai-analytics';
import { replyOf, route } from '../kit/route';

/**
 * AnalyticsService: AI analytics that never invents a number (docs/ai-analytics.md).
 * System admins only; the activity belongs to the page's account (x-account-id).
 */
export const runActivityAnalysisRoute = /* @__PURE__ */ route({
  service: 'AnalyticsService',
  method: 'RunActivityAnalysis',
  access: 'read',
  gateFirst: true,
  requires: 'systemAdmin',
  accountScope: 'required',
  input: runActivityAnalysis,
  reply: replyOf<ActivityAnalysis>,
  summary:
    "An analysis of one version of an activity's performance: the facts computed first, the channel group's prompt filled, a model's answer shown only when every figure traces to a fact (else the rules' own analysis), each figure with its fact",
});

export const ANALYTICS_SERVICE_ROUTES = [runActivityAnalysisRoute] as const;
