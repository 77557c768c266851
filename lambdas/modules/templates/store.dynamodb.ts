import { GetCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import type { Template, TemplateSummary } from './store';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite } from '../../aws/dynamodb/transaction';

const ENTITY = 'Template';

export const templateKeys = {
  item: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `TEMPLATE#${pad(id)}` }),
  listPrefix: 'TEMPLATE#',
};

const toItem = (companyId: number, t: Template) => ({
  ...templateKeys.item(companyId, t.ID),
  entity: ENTITY,
  LineCount: t.Lines.length,
  ...t,
});

function toTemplate(item: Record<string, unknown>): Template {
  const { pk: _a, sk: _b, entity: _e, LineCount: _l, ...rest } = item;
  return rest as unknown as Template;
}

export async function getTemplate(companyId: number, id: number, consistent = false): Promise<Template | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: templateKeys.item(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? toTemplate(out.Item) : undefined;
}

/** The company's templates in one status, without their lines (a list shows the count). */
export async function listTemplates(companyId: number, status: Template['Status']): Promise<TemplateSummary[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    FilterExpression: '#s = :s',
    ProjectionExpression: 'ID, #n, Description, LineCount, #s, version, createdAt, createdBy, updatedAt, updatedBy',
    ExpressionAttributeNames: { '#s': 'Status', '#n': 'Name' },
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(templateKeys.listPrefix), ':s': status },
  });
  return items as unknown as TemplateSummary[];
}

export async function insertTemplate(companyId: number, t: Template): Promise<void> {
  await transactWrite(
    [
      { Put: { TableName: tableName(), Item: toItem(companyId, t), ConditionExpression: 'attribute_not_exists(pk)' } },
      auditPut({
        companyId,
        who: t.createdBy,
        entity: ENTITY,
        id: t.ID,
        action: 'create',
        before: null,
        after: t,
        at: t.createdAt,
      }),
    ],
    {
      conflict: new ConflictError(`Template ${t.ID} exists already`, 'ALREADY_EXISTS', {
        entity: 'Template',
        id: t.ID,
      }),
    },
  );
}

/** Replaces a template if nobody saved it since `before.version` (else 409), with its audit entry. */
export async function replaceTemplate(
  companyId: number,
  before: Template,
  after: Template,
  action: 'update' | 'archive' | 'restore',
): Promise<void> {
  await transactWrite([
    {
      Put: {
        TableName: tableName(),
        Item: toItem(companyId, after),
        ConditionExpression: 'attribute_exists(pk) AND version = :v',
        ExpressionAttributeValues: { ':v': before.version },
      },
    },
    auditPut({
      companyId,
      who: after.updatedBy,
      entity: ENTITY,
      id: after.ID,
      action,
      before,
      after,
      at: after.updatedAt,
    }),
  ]);
}
