import { array, enum as oneOf, maxLength, minLength, object, optional } from 'zod/mini';
import { CHANNEL_GROUPS } from '../../shared/channel-type-lists';
import { id, int, preprocess, requiredMultilineText, rule } from '../../shared/schema-fields';
import { LOCALES } from '../../shared/locales';

/** The AI analytics routes: the channel groups' prompts and one activity's analysis. */

export const MAX_GROUP_PROMPT = 4000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GetGroupPropmptsList (the API's spelling): the account's prompts, in x-account-id. */
export const getGroupPropmptsList = object({});

export const groupPromptInput = object({
  ChannelGroup: oneOf(CHANNEL_GROUPS),
  /** `{{name}}` placeholders of shared/analysis-placeholders.ts; an unknown one is refused at save. */
  Prompt: requiredMultilineText(MAX_GROUP_PROMPT),
  /** The version read (0: never saved, the default). */
  Version: int().check(rule((v: number) => v >= 0, 'NOT_NEGATIVE')),
});

const distinctGroups = (items: readonly { ChannelGroup: string }[]) =>
  new Set(items.map((i) => i.ChannelGroup)).size === items.length;

/** SaveGroupPropmts (the API's spelling): 1..5 prompts of distinct channel groups. */
export const saveGroupPropmts = object({
  groupPropmts: array(groupPromptInput, { error: 'must be a list of group prompts' }).check(
    minLength(1, 'needs at least one prompt'),
    maxLength(CHANNEL_GROUPS.length, `may have at most ${CHANNEL_GROUPS.length} prompts`),
    rule(distinctGroups, 'INVALID'),
  ),
});

/** RunActivityAnalysis: one version of an activity, the answer's language, and optionally the group whose prompt to use. */
export const runActivityAnalysis = object({
  activityId: id(),
  mediaMixId: id(),
  lang: oneOf(LOCALES),
  channelGroup: optional(preprocess(blankToUndefined, optional(oneOf(CHANNEL_GROUPS)))),
});
