import { ConflictError, NotFoundError } from '../../lambdas/core/errors';
import { ddb } from '../../lambdas/aws/dynamodb/client';
import { transactWrite, type TransactItem } from '../../lambdas/aws/dynamodb/transaction';

/**
 * The one transaction runner (aws/dynamodb/transaction.ts), without a database: DynamoDB's answers
 * are stubbed on the document client, so each cancellation shape is exercised exactly.
 */

const item = (n: number): TransactItem => ({
  ConditionCheck: { TableName: 't', Key: { pk: `P${n}`, sk: 'S' }, ConditionExpression: 'attribute_exists(pk)' },
});

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

let send: jest.SpyInstance;
beforeEach(() => {
  send = jest.spyOn(ddb(), 'send');
});
afterEach(() => send.mockRestore());

/** DynamoDB answers each call with the next of `answers` (an Error is thrown), then succeeds. */
function answers(...list: (Error | undefined)[]) {
  for (const a of list)
    send.mockImplementationOnce(async () => {
      if (a) throw a;
      return {};
    });
  send.mockImplementation(async () => ({}));
}

describe('transactWrite: a failed condition answers the error its write is named with', () => {
  const taken = new ConflictError('The name is taken', 'NAME_TAKEN', { entity: 'ChannelType', name: 'Search' });

  it('the named write whose condition failed, found by its place among the reasons', async () => {
    answers(cancelled('None', 'ConditionalCheckFailed', 'None'));
    const err = await transactWrite([item(0), { item: item(1), conflict: taken }, item(2)]).catch((e: unknown) => e);
    expect(err).toBe(taken);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a write named with a read asks it only when that write failed', async () => {
    const explain = jest.fn(
      async () => new NotFoundError('Media mix 4 was not found', 'NOT_FOUND', { entity: 'MediaMix', id: 4 }),
    );
    const other = jest.fn(async () => new ConflictError('other', 'STALE_VERSION'));
    answers(cancelled('ConditionalCheckFailed', 'None'));
    const err = await transactWrite([
      { item: item(0), explain },
      { item: item(1), explain: other },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).code).toBe('NOT_FOUND');
    expect(explain).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it("an unnamed write answers the transaction's explain, then its conflict, then a stale version", async () => {
    answers(cancelled('None', 'ConditionalCheckFailed'));
    const why = new ConflictError('Account archived', 'ACCOUNT_ARCHIVED', { account: 'Hadar' });
    await expect(
      transactWrite([{ item: item(0), conflict: taken }, item(1)], { explain: async () => why, conflict: taken }),
    ).rejects.toBe(why);

    answers(cancelled('None', 'ConditionalCheckFailed'));
    await expect(transactWrite([item(0), item(1)], { conflict: taken })).rejects.toBe(taken);

    answers(cancelled('ConditionalCheckFailed'));
    const stale = await transactWrite([item(0)]).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as ConflictError).code).toBe('STALE_VERSION');
  });
});

describe('transactWrite: collisions and throttling are tried again, nothing else is', () => {
  it('a TransactionConflict cancellation is retried and then succeeds', async () => {
    answers(cancelled('None', 'TransactionConflict'), cancelled('TransactionConflict', 'None'));
    await transactWrite([item(0), item(1)]);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('throttling (as a cancellation reason or as the error) is retried', async () => {
    answers(
      cancelled('ThrottlingError', 'None'),
      Object.assign(new Error('slow down'), { name: 'ThrottlingException' }),
    );
    await transactWrite([item(0), item(1)]);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a retry still answers a condition that fails on it (a real stale save stays a 409)', async () => {
    answers(cancelled('TransactionConflict'), cancelled('ConditionalCheckFailed'));
    const err = await transactWrite([item(0)]).catch((e: unknown) => e);
    expect((err as ConflictError).code).toBe('STALE_VERSION');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('collisions that outlast the tries answer 409 BUSY', async () => {
    send.mockImplementation(async () => {
      throw cancelled('TransactionConflict');
    });
    const err = await transactWrite([item(0)], { attempts: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).code).toBe('BUSY');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('any other failure propagates at once (a 500), untouched', async () => {
    const boom = Object.assign(new Error('bad request'), { name: 'ValidationException' });
    answers(boom);
    await expect(transactWrite([item(0)])).rejects.toBe(boom);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
