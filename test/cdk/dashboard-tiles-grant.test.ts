import type { CfnElement, Stack } from 'aws-cdk-lib';
import { PARTITION_REGISTRY_ACTIONS, PARTITION_REGISTRY_KEYS } from '../../lib/constructs/partition-registry-grant';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import {
  DASHBOARD_TILES_ACTIONS,
  DASHBOARD_TILES_KEYS,
  DASHBOARD_TILES_ROUTE,
} from '../../lib/constructs/dashboard-tiles-grant';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, resourcesOf } from './synth-app';

/**
 * The manager dashboard's read route stores its precomputed tiles (docs/dashboard.md "Precomputed
 * tiles"): its only write grant is PutItem / BatchWriteItem on the tile partitions `C#<cid>#DASH`.
 */
const { stages } = buildApp();

function statementsOf(stack: Stack, fn: { executionRole?: IRole }): any[] {
  const roleId = stack.getLogicalId(fn.executionRole!.node.defaultChild as CfnElement);
  return Object.values(resourcesOf(stack))
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement);
}

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  it('GetManagerDashboard may write only the tile partitions and their partition registry', () => {
    const stack = stage.services.get(DASHBOARD_TILES_ROUTE.service)!;
    const fn = stack.functions.get(DASHBOARD_TILES_ROUTE.method)!;
    const writes = statementsOf(stack, fn).filter((st) =>
      [st.Action].flat().some((a: string) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(writes).toHaveLength(2);
    // The tiles, and the partition registry's entries the document client writes with a new partition.
    expect(writes[1].Action).toEqual(PARTITION_REGISTRY_ACTIONS);
    expect(writes[1].Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': PARTITION_REGISTRY_KEYS },
    });
    expect([writes[0].Action].flat()).toEqual(DASHBOARD_TILES_ACTIONS);
    expect(writes[0].Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': DASHBOARD_TILES_KEYS },
    });
    expect(JSON.stringify(writes[0].Resource)).not.toContain('index');
  });
});
