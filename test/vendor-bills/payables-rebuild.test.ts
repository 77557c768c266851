import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { DeleteCommand } from '../../lambdas/aws/dynamodb/commands';
import { companyPk, prefixValues, SK_PREFIX } from '../../lambdas/aws/dynamodb/keys';
import { queryAll } from '../../lambdas/aws/dynamodb/query-page';
import { payablesTotalsMissing, rebuildPayablesTotals } from '../../lambdas/modules/vendor-bills';
import { approvedOrder, seedBill } from '../support/fixtures/vendor-bills-service';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * Bills written before the payables counters (an older stage or data folder): their counters and
 * open rows rebuilt from the rows give the list the totals and pages a recount gives, and a second
 * rebuild changes nothing.
 */
const list = async (co: Company, body: Record<string, unknown>) =>
  (await invoke('VendorBillsService', 'GetVendorBillsList', { as: co.planner, body })).body.Response;

const derived = async (co: Company) =>
  (
    await Promise.all(
      ['VBTOT#', 'VBOPEN#'].map((p) =>
        queryAll({
          TableName: tableName(),
          KeyConditionExpression: SK_PREFIX,
          ExpressionAttributeValues: { ':pk': companyPk(co.companyId), ...prefixValues(p) },
        }),
      ),
    )
  ).flat();

it('rebuilds the counters and open rows of bills that have none, the same on a second run', async () => {
  const co = await makeCompany();
  const o = await approvedOrder(co);
  for (let i = 0; i < 3; i++) await seedBill(co, o);
  const before = await list(co, {});
  const kept = await derived(co);
  expect(before.Totals[0].Count).toBe(3);

  // As written before the counters: the bills and their rows only.
  for (const item of kept)
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
  expect(await payablesTotalsMissing(co.companyId)).toBe(true);
  expect((await list(co, {})).Totals).not.toEqual(before.Totals);

  expect(await rebuildPayablesTotals(co.companyId)).toEqual({ rows: 3, written: kept.length, removed: 0 });
  expect(await payablesTotalsMissing(co.companyId)).toBe(false);
  const after = await list(co, {});
  expect([after.Items, after.Totals]).toEqual([before.Items, before.Totals]);
  expect(await list(co, { dueFrom: '2000-01-01' })).toMatchObject({ Totals: before.Totals });
  const rebuilt = (await derived(co)).map(({ version: _v, updatedAt: _u, ...i }) => i);
  expect(rebuilt).toEqual(kept.map(({ version: _v, updatedAt: _u, ...i }) => i));

  expect(await rebuildPayablesTotals(co.companyId)).toEqual({ rows: 3, written: kept.length, removed: kept.length });
  expect((await list(co, {})).Totals).toEqual(before.Totals);
});
