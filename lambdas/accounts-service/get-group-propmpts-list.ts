import { getGroupPromptsList } from '../domain/group-prompts';
import { serviceHandler } from '../service-handler';
import { getGroupPropmptsListRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getGroupPropmptsListRoute, ({ caller, accountId }) =>
  getGroupPromptsList(caller, accountId),
);
