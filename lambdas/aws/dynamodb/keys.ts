/**
 * Key builders: the only place that knows how keys are spelled (docs/table-design.md). Every
 * business key starts with the company id, so a query can never cross into another company.
 */
export const companyPk = (companyId: number) => `C#${companyId}`;

/** Key of a company's system configuration: one item per company (docs/table-design.md). */
export const configurationKey = (companyId: number) => ({ pk: companyPk(companyId), sk: 'CONFIGURATION' });

export const keys = {
  company: (companyId: number) => ({ pk: companyPk(companyId), sk: 'COMPANY' }),
  counter: (companyId: number, entity: string) => ({ pk: companyPk(companyId), sk: `COUNTER#${entity}` }),
  /** The one key that does not start with a company: Cognito sub → company, the entry point of every request. */
  identity: (sub: string) => ({ pk: `SUB#${sub}`, sk: 'IDENTITY' }),
  user: (companyId: number, sub: string) => ({ pk: companyPk(companyId), sk: `USER#${sub}` }),
  /** gsi1: the company's users by name (UsersService.GetUsersList). */
  usersByNamePk: (companyId: number) => `${companyPk(companyId)}#USERS`,
  usersByNameSk: (name: string, sub: string) => `${name.toLowerCase().slice(0, 100)}#${sub}`,
  /** An invitation in flight for an e-mail (pool-wide, as Cognito usernames are): written before the user pool is asked, removed once the profile is. */
  invite: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'INVITE' }),
  account: (companyId: number, accountId: number) => ({ pk: companyPk(companyId), sk: `ACCOUNT#${pad(accountId)}` }),
  /** gsi1: accounts under one parent (0 = main accounts), active ones first by name. */
  accountsByParentPk: (companyId: number, parentId: number | null) => `${companyPk(companyId)}#PARENT#${parentId ?? 0}`,
  accountsByParentSk: (status: 'Active' | 'Archived', name: string, accountId: number) =>
    `${status === 'Active' ? 'A' : 'X'}#${name.toLowerCase().slice(0, 100)}#${pad(accountId)}`,
  auditPk: (companyId: number) => `${companyPk(companyId)}#AUDIT`,
  auditSk: (entity: string, id: string | number, at: string, nonce: string) => `${entity}#${id}#${at}#${nonce}`,
  crashPk: (companyId: number) => `${companyPk(companyId)}#CRASH`,
  /** The manager dashboard's precomputed tiles and their stamp (docs/dashboard.md "Precomputed tiles"). */
  dashTilesPk: (companyId: number) => `${companyPk(companyId)}#DASH`,
  /**
   * The company of a `dashTilesPk` (the tile refresher reads it off a stamp's stream record), or
   * undefined for any string that builder does not make from a positive safe integer company id.
   * The builder is the judge: another spelling of the number (`007`, `7e0`) is not its output.
   */
  companyOfDashTilesPk: (pk: string): number | undefined => {
    const id = Number(pk.split('#')[1]);
    return Number.isSafeInteger(id) && id > 0 && keys.dashTilesPk(id) === pk ? id : undefined;
  },
  /** The company's partition registry: one item per partition beyond `C#<cid>`, and per pointer naming it (aws/dynamodb/partition-registry.ts). */
  partitionsPk: (companyId: number) => `${companyPk(companyId)}#PARTS`,
  /** Present once every partition of the table is registered: the company data jobs then Query the registry instead of a Scan. */
  partitionRegistry: () => ({ pk: companyPk(0), sk: 'PARTITION_REGISTRY' }),
};

/**
 * The company of a partition below a company's (`C#<cid>#…`), or undefined for `C#<cid>` itself and
 * any other key: the builders write the id as digits.
 */
export function partitionCompany(pk: string): number | undefined {
  const m = /^C#(\d{1,15})#/.exec(pk);
  return m ? Number(m[1]) : undefined;
}

/** Zero-padded ids sort numerically inside a sort key. */
export const pad = (n: number) => String(n).padStart(10, '0');

/**
 * The key condition of "every item of a partition whose sort key starts with :p" as a BETWEEN, not
 * begins_with: the same items wherever the keys after the prefix are ids and codes (never text
 * past U+FFFF), and DynamoDB Local — which `npm start`, the tests and the benches run on — answers
 * begins_with by walking the whole partition: on a company partition of 25,000 items a 3-item
 * prefix took 14 ms that way and 3.4 ms as a range. Keys holding free text (a campaign id from a
 * CSV) keep begins_with.
 */
export const SK_PREFIX = 'pk = :pk AND sk BETWEEN :p AND :pEnd';
export const prefixValues = (prefix: string) => ({ ':p': prefix, ':pEnd': `${prefix}\uffff` });
