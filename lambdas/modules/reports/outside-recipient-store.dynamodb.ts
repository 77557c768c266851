import { UpdateCommand } from '../../aws/dynamodb/commands';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { pad } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import type { OutsideRecipient } from './outside-recipient-store';
import type { ScheduleLanguage } from './replies/report-schedules';
import { DUE_PARTITION, scheduleKeys } from './schedule-store.dynamodb';
import { transactWrite } from '../../aws/dynamodb/transaction';

/**
 * Outside recipients of scheduled reports (docs/table-design.md "Outside recipient"): one item per
 * company and address, `C#<cid>#RSCHED` / `O#<address, lower case>`, `pending` until the address
 * follows its confirmation link, then `confirmed`. While its confirmation mail is owed it sits in the
 * dispatcher's due index (gsi2 `RSDUE` / `<MailAt>#<cid>#C<address>`), so the hourly run mails it
 * without a scan; the claim removes it from the index. The daily count of mails to outside
 * addresses is `C#<cid>#RSCHED` / `Q#<day>`, kept 3 days.
 */

const ENTITY = 'ReportOutsideRecipient';
const key = (companyId: number, address: string) => ({
  pk: scheduleKeys.partition(companyId),
  sk: `O#${address.toLowerCase()}`,
});
const dueSk = (at: string, companyId: number, address: string) => `${at}#${pad(companyId)}#C${address.toLowerCase()}`;

function toOutside(item: Record<string, unknown>): OutsideRecipient {
  const { pk: _a, sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, companyId: _f, ...rest } = item;
  return rest as unknown as OutsideRecipient;
}

/** The company's outside recipients (a company has tens): one Query of its schedules' partition. */
export async function listOutsideRecipients(companyId: number): Promise<OutsideRecipient[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :o)',
    ExpressionAttributeValues: { ':pk': scheduleKeys.partition(companyId), ':o': 'O#' },
  });
  return items.map(toOutside);
}

/** A new address, pending, its confirmation mail owed now; an address already known is left as it is. */
export async function addPendingRecipient(
  companyId: number,
  address: string,
  language: ScheduleLanguage,
  by: string,
  now: string,
): Promise<void> {
  const item: OutsideRecipient = {
    Address: address.toLowerCase(),
    State: 'pending',
    Language: language,
    RequestedAt: now,
    MailAt: now,
  };
  // The address is known already (pending or confirmed): nothing to add.
  const known = new Error('outside recipient known');
  try {
    await transactWrite([
      {
        item: {
          Put: {
            TableName: tableName(),
            ConditionExpression: 'attribute_not_exists(pk)',
            Item: {
              ...key(companyId, address),
              entity: ENTITY,
              companyId,
              ...item,
              gsi2pk: DUE_PARTITION,
              gsi2sk: dueSk(now, companyId, address),
            },
          },
        },
        conflict: known,
      },
      auditPut({
        companyId,
        who: by,
        entity: ENTITY,
        id: address.toLowerCase(),
        action: 'create',
        before: null,
        after: item,
        at: now,
      }),
    ]);
  } catch (err) {
    if (err !== known) throw err;
  }
}

/** Claims an owed confirmation mail (it leaves the due index) if it is still owed at the time read. */
export async function claimConfirmationMail(
  companyId: number,
  r: Pick<OutsideRecipient, 'Address' | 'MailAt'>,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(companyId, r.Address),
        ConditionExpression: 'MailAt = :read AND #s = :pending',
        UpdateExpression: 'REMOVE MailAt, gsi2pk, gsi2sk',
        ExpressionAttributeNames: { '#s': 'State' },
        ExpressionAttributeValues: { ':read': r.MailAt, ':pending': 'pending' },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** The confirmation mail could not go (the daily cap, the mailer): owed again at `at`. */
export async function oweConfirmationAgain(companyId: number, address: string, at: string): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(companyId, address),
        ConditionExpression: '#s = :pending',
        UpdateExpression: 'SET MailAt = :at, gsi2pk = :p, gsi2sk = :sk',
        ExpressionAttributeNames: { '#s': 'State' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':at': at,
          ':p': DUE_PARTITION,
          ':sk': dueSk(at, companyId, address),
        },
      }),
    )
    .catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
}

/** The address followed its link: confirmed (idempotent). False when the company never asked it. */
export async function confirmRecipient(companyId: number, address: string, now: string): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(companyId, address),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: 'SET #s = :c, ConfirmedAt = if_not_exists(ConfirmedAt, :now) REMOVE MailAt, gsi2pk, gsi2sk',
        ExpressionAttributeNames: { '#s': 'State' },
        ExpressionAttributeValues: { ':c': 'confirmed', ':now': now },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * Takes one mail of the company's daily allowance to outside addresses: false when `cap` are spent
 * that day (one conditional ADD: two runs at once never pass the cap).
 */
export async function takeOutsideMail(companyId: number, day: string, cap: number): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: scheduleKeys.partition(companyId), sk: `Q#${day}` },
        ConditionExpression: 'attribute_not_exists(n) OR n < :cap',
        UpdateExpression: 'ADD n :one SET expiresAt = if_not_exists(expiresAt, :exp)',
        ExpressionAttributeValues: {
          ':cap': cap,
          ':one': 1,
          ':exp': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86_400,
        },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
