import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { BEDROCK_ROUTE, bedrockModelArn } from '../../lib/constructs/bedrock-grant';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType, resourcesOf } from './synth-app';

/**
 * AI analytics in the cloud: the analysis route's function may invoke the stage's
 * Bedrock model and nothing else; no other function of the stage may invoke any model; a stage
 * without a model (dev) grants nothing and sets no model id.
 */
const { stages } = buildApp();

function statementsOf(stack: Stack, fn: { executionRole?: IRole }): any[] {
  const roleId = stack.getLogicalId(fn.executionRole!.node.defaultChild as CfnElement);
  return Object.values(resourcesOf(stack))
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement);
}

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const modelId = stage.config.ai.bedrockModelId;
  const stack = stage.services.get(BEDROCK_ROUTE.service)!;
  const fn = stack.functions.get(BEDROCK_ROUTE.method)!;
  const env = () =>
    ofType(stack, 'AWS::Lambda::Function')[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties!
      .Environment.Variables;

  it(
    modelId
      ? "the analysis may invoke exactly the stage's model, named in BEDROCK_MODEL_ID"
      : 'without a model: no grant and no BEDROCK_MODEL_ID (deterministic)',
    () => {
      const bedrock = statementsOf(stack, fn).filter((st) =>
        [st.Action].flat().some((a: string) => a.startsWith('bedrock:')),
      );
      if (!modelId) {
        expect(bedrock).toEqual([]);
        expect(env().BEDROCK_MODEL_ID).toBeUndefined();
        return;
      }
      expect(env().BEDROCK_MODEL_ID).toBe(modelId);
      expect(bedrock).toHaveLength(1);
      expect(bedrock[0].Effect).toBe('Allow');
      expect(bedrock[0].Action).toBe('bedrock:InvokeModel');
      expect(bedrock[0].Resource).toBe(`arn:aws:bedrock:${stage.config.env.region}::foundation-model/${modelId}`);
      expect(bedrock[0].Resource).toBe(bedrockModelArn(stage.config, modelId));
    },
  );

  it('no other function of the stage may call Bedrock or knows a model id', () => {
    for (const s of [stage.stateful, stage.api, ...stage.services.values(), stage.web]) {
      const policies = Object.entries(ofType(s, 'AWS::IAM::Policy'));
      for (const [, p] of policies) {
        const calls = p.Properties!.PolicyDocument.Statement.filter((st: any) =>
          [st.Action].flat().some((a: string) => a.startsWith('bedrock:') || a === '*'),
        );
        if (calls.length === 0) continue;
        expect(s).toBe(stack);
        const roleId = stack.getLogicalId(fn.executionRole!.node.defaultChild as CfnElement);
        expect(p.Properties!.Roles).toEqual([{ Ref: roleId }]);
      }
      for (const [id, f] of Object.entries(ofType(s, 'AWS::Lambda::Function'))) {
        if (s === stack && id === stack.getLogicalId(fn.node.defaultChild as CfnElement)) continue;
        expect(f.Properties?.Environment?.Variables?.BEDROCK_MODEL_ID).toBeUndefined();
      }
    }
  });
});

it('staging and prod name a model; dev does not', () => {
  const byName = Object.fromEntries(stages.map((s) => [s.config.name, s.config.ai.bedrockModelId]));
  expect(byName.dev).toBeNull();
  expect(byName.staging).toMatch(/^[a-z]+\.[a-z0-9-]+/);
  expect(byName.prod).toMatch(/^[a-z]+\.[a-z0-9-]+/);
});
