import { Stack } from 'aws-cdk-lib';
import { PARTITION_REGISTRY_ACTIONS, PARTITION_REGISTRY_KEYS } from '../../lib/constructs/partition-registry-grant';
import { buildApp, resourcesOf } from './synth-app';

/**
 * The document client registers a partition with the write that makes it (docs/table-design.md
 * "Writes"), so every function whose table writes are held to some partitions by
 * `dynamodb:LeadingKeys` may also read and write the partition registry's entries, and only those
 * with that grant. Without it, its first write to a new partition would be refused in the cloud.
 */
const { app, stages } = buildApp();
const WRITE = /^dynamodb:(PutItem|UpdateItem|BatchWriteItem)$/;
const leadingKeys = (st: any): string[] | undefined =>
  st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];

/** Each role's statements across the app's policies, by the role's logical id and stack. */
function statementsByRole(): Map<string, any[]> {
  const out = new Map<string, any[]>();
  for (const stack of app.node.findAll().filter((c): c is Stack => c instanceof Stack))
    for (const r of Object.values(resourcesOf(stack)))
      if (r.Type === 'AWS::IAM::Policy')
        for (const role of r.Properties!.Roles as { Ref: string }[]) {
          const key = `${stack.stackName}/${role.Ref}`;
          out.set(key, [...(out.get(key) ?? []), ...r.Properties!.PolicyDocument.Statement]);
        }
  return out;
}

it('every function whose writes are held to some partitions may write their registry entries', () => {
  expect(stages.length).toBe(3);
  const scoped = [...statementsByRole()].filter(([, statements]) =>
    statements.some(
      (st) =>
        [st.Action].flat().some((a: string) => WRITE.test(a)) &&
        leadingKeys(st) &&
        JSON.stringify(leadingKeys(st)) !== JSON.stringify(PARTITION_REGISTRY_KEYS),
    ),
  );
  // The dashboard's read route and its stream refresher, the notifier and the line auditor, per stage.
  expect(scoped.length).toBeGreaterThanOrEqual(4 * stages.length);
  for (const [role, statements] of scoped) {
    const registry = statements.filter(
      (st) => JSON.stringify(leadingKeys(st)) === JSON.stringify(PARTITION_REGISTRY_KEYS),
    );
    expect({ role, actions: registry.map((st) => [st.Action].flat()) }).toEqual({
      role,
      actions: [PARTITION_REGISTRY_ACTIONS],
    });
  }
});

it('every function that writes to the table may look its partitions up in the registry and write their entries', () => {
  const writers = [...statementsByRole()].filter(([, statements]) =>
    statements.some((st) => [st.Action].flat().some((a: string) => WRITE.test(a))),
  );
  expect(writers.length).toBeGreaterThan(100);
  // An action on the registry: granted without a key condition (the table's read-write grant), or on its keys.
  const allows = (statements: any[], action: string) =>
    statements.some(
      (st) =>
        [st.Action].flat().includes(action) &&
        (!leadingKeys(st) || JSON.stringify(leadingKeys(st)) === JSON.stringify(PARTITION_REGISTRY_KEYS)),
    );
  const lacking = writers
    .filter(([, statements]) => !PARTITION_REGISTRY_ACTIONS.every((a) => allows(statements, a)))
    .map(([role]) => role);
  expect(lacking).toEqual([]);
});
