import { groupPromptInput } from '@server/modules/ai-analysis/schemas';
import { unknownPlaceholders } from '@server/shared/analysis-placeholders';
import type { RouteForm } from '../../../lib/forms/route-form';
import type { GroupPromptPayload, GroupPromptView } from '../api/ai-analytics-api';

/** One channel group's prompt as the row edits it. */
export type PromptForm = GroupPromptPayload;

export const formOfPrompt = (p: GroupPromptView): PromptForm => ({
  ChannelGroup: p.ChannelGroup,
  Prompt: p.Prompt,
  Version: p.Version,
});

/**
 * A row is checked by the route's own schema for one prompt (SaveGroupPropmts' `groupPropmts[i]`);
 * the row saves alone, as item 0, so the API's `groupPropmts.0.Prompt` lands on its Prompt. An unknown
 * `{{name}}` (the API's FIELD_INVALID, reason UNKNOWN_PLACEHOLDER) is refused here too, before a save bounces.
 */
export const PROMPT_FORM: RouteForm<PromptForm, typeof groupPromptInput> = {
  schema: groupPromptInput,
  toInput: (f) => ({ ChannelGroup: f.ChannelGroup, Prompt: f.Prompt, Version: f.Version }),
  inputKey: 'groupPropmts.0',
  rules: (input) =>
    unknownPlaceholders(input.Prompt)
      .slice(0, 1)
      .map((name) => ({
        path: 'Prompt',
        code: 'FIELD_INVALID' as const,
        params: {
          field: 'groupPropmts.0.Prompt',
          detail: `uses the unknown placeholder {{${name}}}`,
          reason: 'UNKNOWN_PLACEHOLDER',
          name,
        },
      })),
};

/** `{{name}}` put where the caret is (replacing a selection), with the caret after it. */
export function insertPlaceholder(
  text: string,
  name: string,
  start: number,
  end = start,
): { text: string; caret: number } {
  const token = `{{${name}}}`;
  const before = text.slice(0, start);
  return { text: before + token + text.slice(end), caret: before.length + token.length };
}
