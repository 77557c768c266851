import { buildHttpEvent, lambdaContext } from '../../local/http-event';
import { serviceHandler } from '../../lambdas/service-handler';
import { log, logger } from '../../lambdas/core/logger';
import { CONFIGURATIONS_SERVICE_ROUTES } from '../../lambdas/modules/configurations/routes';
import { makeCompany, useTestTable } from '../support/world';

/**
 * Every log line of a call carries that call's Lambda context (request id, function name, cold
 * start), as Powertools' injectLambdaContext middleware gave it; the kit now calls the logger
 * directly (lambdas/kit/handler.ts), so this checks it still does, and that nothing a call adds
 * to the logger outlives it.
 */
useTestTable();

it("each call's log lines carry its own Lambda context, and the next call starts clean", async () => {
  const world = await makeCompany('Log Context Agency');
  delete process.env.MIXDESK_LOG_LEVEL;
  const handler = serviceHandler(CONFIGURATIONS_SERVICE_ROUTES, 'GetConfigurations', async ({ requestId }) => {
    log.info('inside the method', { requestId });
    logger.appendKeys({ addedDuringTheCall: requestId });
    return {} as never;
  });
  const event = () =>
    buildHttpEvent({
      path: '/ConfigurationsService/GetConfigurations',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      claims: { sub: world.admin.sub, token_use: 'access' },
    });

  const written: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  const [first, second] = [lambdaContext('mixdesk-first'), lambdaContext('mixdesk-second')];
  try {
    expect((await handler(event(), first)).statusCode).toBe(200);
    expect((await handler(event(), second)).statusCode).toBe(200);
  } finally {
    process.stdout.write = original;
    process.env.MIXDESK_LOG_LEVEL = 'silent';
  }
  const lines = written
    .join('')
    .split('\n')
    .filter((l) => l.includes('inside the method'))
    .map((l) => JSON.parse(l));
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({
    function_name: 'mixdesk-first',
    function_request_id: first.awsRequestId,
    requestId: first.awsRequestId,
  });
  expect(lines[1]).toMatchObject({ function_name: 'mixdesk-second', function_request_id: second.awsRequestId });
  expect(typeof lines[0].cold_start).toBe('boolean');
  expect(lines[1].addedDuringTheCall).toBeUndefined();
});
