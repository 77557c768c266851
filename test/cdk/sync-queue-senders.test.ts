import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { build } from 'esbuild';
import { handlerFile, ROUTES } from '../../lambdas/manifest';
import { SYNC_WORKER_HANDLERS, syncQueueName } from '../../lib/constructs/connector-sync';
import { isSyncQueueSender, SYNC_QUEUE_SENDERS } from '../../lib/constructs/sync-queue-senders';
import { csvImportQueueName } from '../../lib/constructs/csv-import-job';
import { companyDataQueueName } from '../../lib/constructs/company-data-job';
import { LAMBDA_ESBUILD, nodejsBundling, RUNTIME_FILES } from '../../lib/lambda-bundling';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * Sync now in the cloud: the routes that put sync work on the platforms' queues get
 * the queues' URLs and sqs:SendMessage on exactly those queues, of their own stage; the workers'
 * bundles get re2.wasm beside them.
 */
const { stages } = buildApp();
const ROOT = path.resolve(__dirname, '../..');
const TYPES = Object.keys(SYNC_WORKER_HANDLERS);

it('names routes of the manifest only', () => {
  expect(
    SYNC_QUEUE_SENDERS.filter((s) => !ROUTES.some((r) => r.service === s.service && r.method === s.method)),
  ).toEqual([]);
});

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  it.each(SYNC_QUEUE_SENDERS.map((s) => [`${s.service}.${s.method}`, s] as const))(
    '%s: SYNC_QUEUE_URLS names each platform queue, and it may send to those only',
    (_n, { service, method }) => {
      const stack = stage.services.get(service)!;
      const resources = resourcesOf(stack);
      const fns = ofType(stack, 'AWS::Lambda::Function');
      const fn = stack.functions.get(method)!;
      const env = JSON.stringify(
        fns[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties!.Environment.Variables.SYNC_QUEUE_URLS,
      );
      for (const t of TYPES) expect(env).toContain(`${t}\\":\\"https://sqs.`);
      for (const t of TYPES) expect(env).toContain(syncQueueName(stage.config, t));
      const roleId = stack.getLogicalId(fn.executionRole.node.defaultChild as CfnElement);
      const statements = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((p) => p.Properties!.PolicyDocument.Statement)
        .filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('sqs:')));
      expect(statements).toHaveLength(1);
      expect(statements[0].Action).toBe('sqs:SendMessage');
      const arns = [statements[0].Resource].flat().map((r: unknown) => JSON.stringify(r));
      expect(arns).toHaveLength(TYPES.length);
      TYPES.forEach((t, i) => expect(arns[i]).toMatch(new RegExp(`:sqs:.*:${syncQueueName(stage.config, t)}"`)));
      expect(arns.join()).not.toContain('*');
    },
  );

  it("the queues it names are the stateful stack's", () => {
    const queues = Object.values(ofType(stage.stateful, 'AWS::SQS::Queue'))
      .map((q) => q.Properties!.QueueName)
      .filter(Boolean);
    const jobQueues = [csvImportQueueName(stage.config), companyDataQueueName(stage.config)];
    expect(queues.filter((q) => !jobQueues.includes(q)).sort()).toEqual(
      TYPES.map((t) => syncQueueName(stage.config, t)).sort(),
    );
  });

  it('no other function gets the queues', () => {
    for (const [service, stack] of stage.services) {
      const fns = ofType(stack, 'AWS::Lambda::Function');
      for (const [method, fn] of stack.functions) {
        if (isSyncQueueSender(service, method)) continue;
        expect(
          fns[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties!.Environment?.Variables
            ?.SYNC_QUEUE_URLS,
        ).toBeUndefined();
      }
    }
  });
});

it.each(Object.values(SYNC_WORKER_HANDLERS).map((h) => `${h.service}.${h.method}`))(
  "%s: its bundle gets re2.wasm copied beside it (after the tracer's file every bundle gets)",
  (name) => {
    const hooks = nodejsBundling(RUNTIME_FILES[name] ?? []).commandHooks;
    expect(hooks?.afterBundling('/in', '/out')).toEqual([
      expect.stringMatching(
        /^"\/in\/node_modules\/\.bin\/esbuild" "\/in\/lambdas\/kit\/tracer-chunk\.ts" .*"--outfile=\/out\/tracer\.mjs"$/,
      ),
      'cp "/in/node_modules/re2-wasm/build/wasm/re2.wasm" "/out/"',
    ]);
  },
);

it("Sync now's bundle carries neither re2 nor a platform client (it only queues)", async () => {
  const out = await build({
    ...LAMBDA_ESBUILD,
    entryPoints: [path.join(ROOT, handlerFile({ service: 'ConnectorsService', method: 'SyncAgentConnectorNow' }))],
    write: false,
    metafile: true,
    outdir: '/tmp',
    absWorkingDir: ROOT,
    sourcemap: false,
  });
  const inputs = Object.keys(out.metafile.inputs);
  expect(inputs.some((i) => i.includes('lambdas/modules/connectors/sync/sqs-queue'))).toBe(true);
  // A platform's spec.ts is data (its limits); any other file of its folder is client code.
  expect(
    inputs.filter((i) =>
      /re2-wasm|lambdas\/modules\/connectors\/platforms\/[\w-]+\/(?!spec\.ts$)|client-secrets-manager/.test(i),
    ),
  ).toEqual([]);
});
