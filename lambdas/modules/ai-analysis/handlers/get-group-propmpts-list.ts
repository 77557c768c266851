import { getGroupPromptsList } from '../group-prompts';
import { serviceHandler } from '../../../service-handler';
import { getGroupPropmptsListRoute } from '../routes';

export const handler = serviceHandler(getGroupPropmptsListRoute, ({ caller, accountId }) =>
  getGroupPromptsList(caller, accountId),
);
