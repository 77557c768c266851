/**
 * The one DynamoDB table of Mixdesk, described once. The CDK stateful stack, the local stack and the
 * tests all build the table from this object, so the three can never drift. docs/table-design.md
 * lists the access pattern each key serves.
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Expiry (epoch seconds) of items that are not kept for ever (crash reports: 90 days). */
  timeToLiveAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    /**
     * Lists: accounts by parent (main accounts / sub-accounts of one account), ordered by name; the
     * activities of one main account by start date; a company's exchange rates by date.
     */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /**
     * Company-wide date lists: the activities of a whole company by end date (GetAccountsList with a
     * date or activity-status filter). Sparse: only items that set gsi2pk are in it.
     */
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /**
   * The table's change stream (DynamoDB Streams). A line changed in one UpdateItem has no
   * transaction to carry its audit entry, so the entry is made from the stream record, which DynamoDB
   * commits atomically with the write and which holds the line before and after
   * (lambdas/streams/audit-line-changes.ts; Lambda in the cloud, local/stream-poller.ts locally).
   */
  stream: {
    viewType: 'NEW_AND_OLD_IMAGES',
    /**
     * Only records whose new image carries this attribute reach the audit handler (the event source
     * mapping's filter in the cloud, the same test in the local poller): a write asks for a stream
     * audit by setting it (LINE_STREAM_AUDIT in lambdas/modules/media-plans/store/plans.ts).
     */
    auditMarkAttribute: 'StreamAudit',
    /**
     * The `entity` of a company's dashboard stamp (lambdas/aws/dynamodb/dashboard-stamp.ts): only
     * records of it reach the tile refresher (lambdas/streams/refresh-dashboard-tiles.ts).
     */
    dashStampEntity: 'DashStamp',
  },
} as const;

export type GsiName = (typeof TABLE_DESIGN.globalSecondaryIndexes)[number]['indexName'];

/** CreateTable input for DynamoDB Local (tests and `npm start`). Kept SDK-free on purpose. */
export function createTableInput(tableName: string) {
  const keyAttrs = new Set<string>([TABLE_DESIGN.partitionKey, TABLE_DESIGN.sortKey]);
  for (const g of TABLE_DESIGN.globalSecondaryIndexes) {
    keyAttrs.add(g.partitionKey);
    keyAttrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...keyAttrs].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_DESIGN.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DESIGN.stream.viewType },
  };
}
