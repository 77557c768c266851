import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { listAllSubAccounts } from '../../lambdas/modules/tenancy/account-store.dynamodb';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { clearGates, holdNext, transactPuts } from '../support/command-gates';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The parent-account rule is the domain's (modules/accounts/accounts.ts createAccount): a sub-account's parent
 * is read as an active main account, and the create's transaction keeps it so until the commit
 * (modules/tenancy/account-store.dynamodb.ts activeMainAccountGuard). Forced here: the main account is archived
 * exactly between the read and the write.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Parent Race Agency');
});
afterEach(() => clearGates());

it('a sub-account whose main account is archived meanwhile is not created (409, nothing written)', async () => {
  const gate = holdNext(
    (cmd) => cmd.name === 'TransactWriteCommand' && transactPuts(cmd).some((p) => p.Name === 'Late sub'),
  );
  const reply = invoke('AccountsService', 'CreateAccount', {
    as: c.admin,
    accountId: c.accounts.main.ID,
    body: { account: { Name: 'Late sub', ParentId: c.accounts.main.ID } },
  });
  await gate.reached;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.account(c.companyId, c.accounts.main.ID),
      UpdateExpression: 'SET #s = :archived',
      ExpressionAttributeNames: { '#s': 'Status' },
      ExpressionAttributeValues: { ':archived': 'Archived' },
    }),
  );
  gate.open();
  const r = await reply;
  expect(r.status).toBe(409);
  expect(r.body.ErrorCode).toBe('STALE_VERSION');
  expect(r.body.ErrorMessage).toBe('The main account was changed or archived meanwhile; reload and try again');
  const subs = [
    ...(await listAllSubAccounts(c.companyId, c.accounts.main.ID, 'Active')),
    ...(await listAllSubAccounts(c.companyId, c.accounts.main.ID, 'Archived')),
  ];
  expect(subs.map((a) => a.Name)).not.toContain('Late sub');
  expect(subs.length).toBeGreaterThan(0);
});
