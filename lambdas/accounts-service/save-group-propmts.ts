import { saveGroupPromptsFor } from '../domain/group-prompts';
import { serviceHandler } from '../service-handler';
import { saveGroupPropmtsRoute } from '../routes/accounts-service';

export const handler = serviceHandler(saveGroupPropmtsRoute, ({ input, caller, accountId }) =>
  saveGroupPromptsFor(caller, accountId, input),
);
