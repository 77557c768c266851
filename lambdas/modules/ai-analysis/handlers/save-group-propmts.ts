import { saveGroupPromptsFor } from '../group-prompts';
import { serviceHandler } from '../../../service-handler';
import { saveGroupPropmtsRoute } from '../routes';

export const handler = serviceHandler(saveGroupPropmtsRoute, ({ input, caller, accountId }) =>
  saveGroupPromptsFor(caller, accountId, input),
);
