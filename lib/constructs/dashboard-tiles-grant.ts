import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { MixdeskFunction } from './mixdesk-function';
import { grantPartitionRegistry } from './partition-registry-grant';

/**
 * The manager dashboard's precomputed tiles (docs/dashboard.md "Precomputed tiles"): its read route
 * recomputes and stores them when they are stale, so besides its read-only table grant it may put
 * items — only in the companies' tile partitions (`C#<cid>#DASH`) and their partition registry.
 */
export const DASHBOARD_TILES_ROUTE = { service: 'DashboardService', method: 'GetManagerDashboard' } as const;

/**
 * The route's timeout: the HTTP API's 29 s instead of a route's 10 s. The caller who finds the tiles
 * stale recomputes them for the whole company (up to dashboardLimits.tiles activities, two reads each)
 * while the others wait on it; a read of the stored tiles is one Query.
 */
export const DASHBOARD_TIMEOUT = Duration.seconds(29);

/** In the order the synthesised policy lists them. */
export const DASHBOARD_TILES_ACTIONS = ['dynamodb:BatchWriteItem', 'dynamodb:PutItem'];
export const DASHBOARD_TILES_KEYS = ['C#*#DASH'];

export function grantDashboardTiles(fn: MixdeskFunction, table: ITable): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: DASHBOARD_TILES_ACTIONS,
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': DASHBOARD_TILES_KEYS } },
    }),
  );
  grantPartitionRegistry(fn, table);
}
