import { getGroupPropmptsList, runActivityAnalysis, saveGroupPropmts } from './schemas';
import type { ActivityAnalysis, GroupPromptView } from './replies';
import type { ListOf } from '../../shared/replies/reply';
import { replyOf, route } from '../../kit/route';

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

/** The analysis prompts of the account's channel groups (the API spells it GetGroupPropmptsList). */
export const getGroupPropmptsListRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetGroupPropmptsList',
  access: 'read',
  requires: 'systemAdmin',
  accountScope: 'required',
  input: getGroupPropmptsList,
  reply: replyOf<ListOf<GroupPromptView>>,
  summary:
    'The AI analysis prompt of each channel group of the account: one per group always, the built-in default (Version 0) until saved',
});

export const saveGroupPropmtsRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveGroupPropmts',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'required',
  input: saveGroupPropmts,
  reply: replyOf<ListOf<GroupPromptView>>,
  summary:
    'Saves the AI analysis prompts of some channel groups from the versions read; an unknown {{placeholder}} is refused naming it',
});

export const GROUP_PROMPT_ROUTES = [getGroupPropmptsListRoute, saveGroupPropmtsRoute] as const;
