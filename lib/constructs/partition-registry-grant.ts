import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';

/**
 * The partition registry (docs/table-design.md "Writes"): the document client registers a partition
 * with the write that makes it, reading its entry first. A function whose writes are held to some
 * partitions by `dynamodb:LeadingKeys` therefore also reads and writes the registry's entries
 * (`C#<cid>#PARTS`), and nothing else with this grant. A function with the table's read-write grant
 * has these already.
 */
export const PARTITION_REGISTRY_ACTIONS = ['dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:PutItem'];
export const PARTITION_REGISTRY_KEYS = ['C#*#PARTS'];

export function grantPartitionRegistry(fn: IGrantable & { addToRolePolicy(s: PolicyStatement): void }, table: ITable) {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: PARTITION_REGISTRY_ACTIONS,
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': PARTITION_REGISTRY_KEYS } },
    }),
  );
}
