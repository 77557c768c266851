import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type * as Doc from '@aws-sdk/lib-dynamodb';
import type { DynamoReply } from './wire';

/**
 * The document commands the stores send through `ddb()` (aws/dynamodb/client.ts), with the names,
 * inputs and outputs of `@aws-sdk/lib-dynamodb`'s (whose types they take: a type import bundles
 * nothing). Each names its DynamoDB operation and where its input and output hold items, keys or
 * values; those are marshalled and unmarshalled with util-dynamodb exactly as the document client
 * does (the same walk over the same key paths, `removeUndefinedValues` on, numbers read back as JS
 * numbers). Legacy parameters (Expected, KeyConditions, QueryFilter, ScanFilter, AttributeUpdates)
 * are marshalled too, as the SDK's are.
 */

export type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactGetCommandInput,
  TransactGetCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';

/**
 * Where values sit, as lib-dynamodb writes it: `null` the value itself, `{}` or `[]` each of its
 * members, `{ '*': n }` each member's `n`, `{ a: n, … }` those fields.
 */
type Nodes = null | readonly Nodes[] | { readonly [k: string]: Nodes };
const ALL_VALUES: Nodes = {};
const ALL_MEMBERS: Nodes = [];
const SELF: Nodes = null;

const EXPECTED = { '*': { Value: SELF, AttributeValueList: ALL_MEMBERS } };
const CONDITIONS = { '*': { AttributeValueList: ALL_MEMBERS } };
const ITEM_METRICS = { ItemCollectionKey: ALL_VALUES };
const WRITE_REQUESTS = { '*': { '*': { PutRequest: { Item: ALL_VALUES }, DeleteRequest: { Key: ALL_VALUES } } } };
const PAGE_OUT = { Items: { '*': ALL_VALUES }, LastEvaluatedKey: ALL_VALUES };

/** A command: its input, and the phantom of its output's type. */
export abstract class DocumentCommand<I, O> {
  /** The DynamoDB operation (X-Amz-Target). */
  abstract readonly operation: string;
  abstract readonly inputNodes: Nodes;
  abstract readonly outputNodes: Nodes;
  declare readonly __output?: O;
  constructor(readonly input: I) {}
}

export class GetCommand extends DocumentCommand<Doc.GetCommandInput, Doc.GetCommandOutput> {
  readonly operation = 'GetItem';
  readonly inputNodes = { Key: ALL_VALUES };
  readonly outputNodes = { Item: ALL_VALUES };
}

export class PutCommand extends DocumentCommand<Doc.PutCommandInput, Doc.PutCommandOutput> {
  readonly operation = 'PutItem';
  readonly inputNodes = { Item: ALL_VALUES, Expected: EXPECTED, ExpressionAttributeValues: ALL_VALUES };
  readonly outputNodes = { Attributes: ALL_VALUES, ItemCollectionMetrics: ITEM_METRICS };
}

export class UpdateCommand extends DocumentCommand<Doc.UpdateCommandInput, Doc.UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
  readonly inputNodes = {
    Key: ALL_VALUES,
    AttributeUpdates: { '*': { Value: SELF } },
    Expected: EXPECTED,
    ExpressionAttributeValues: ALL_VALUES,
  };
  readonly outputNodes = { Attributes: ALL_VALUES, ItemCollectionMetrics: ITEM_METRICS };
}

export class DeleteCommand extends DocumentCommand<Doc.DeleteCommandInput, Doc.DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
  readonly inputNodes = { Key: ALL_VALUES, Expected: EXPECTED, ExpressionAttributeValues: ALL_VALUES };
  readonly outputNodes = { Attributes: ALL_VALUES, ItemCollectionMetrics: ITEM_METRICS };
}

export class QueryCommand extends DocumentCommand<Doc.QueryCommandInput, Doc.QueryCommandOutput> {
  readonly operation = 'Query';
  readonly inputNodes = {
    KeyConditions: CONDITIONS,
    QueryFilter: CONDITIONS,
    ExclusiveStartKey: ALL_VALUES,
    ExpressionAttributeValues: ALL_VALUES,
  };
  readonly outputNodes = PAGE_OUT;
}

export class ScanCommand extends DocumentCommand<Doc.ScanCommandInput, Doc.ScanCommandOutput> {
  readonly operation = 'Scan';
  readonly inputNodes = {
    ScanFilter: CONDITIONS,
    ExclusiveStartKey: ALL_VALUES,
    ExpressionAttributeValues: ALL_VALUES,
  };
  readonly outputNodes = PAGE_OUT;
}

export class BatchGetCommand extends DocumentCommand<Doc.BatchGetCommandInput, Doc.BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
  readonly inputNodes = { RequestItems: { '*': { Keys: { '*': ALL_VALUES } } } };
  readonly outputNodes = {
    Responses: { '*': { '*': ALL_VALUES } },
    UnprocessedKeys: { '*': { Keys: { '*': ALL_VALUES } } },
  };
}

export class BatchWriteCommand extends DocumentCommand<Doc.BatchWriteCommandInput, Doc.BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
  readonly inputNodes = { RequestItems: WRITE_REQUESTS };
  readonly outputNodes = { UnprocessedItems: WRITE_REQUESTS, ItemCollectionMetrics: { '*': { '*': ITEM_METRICS } } };
}

const WITH_VALUES = { Key: ALL_VALUES, ExpressionAttributeValues: ALL_VALUES };

export class TransactWriteCommand extends DocumentCommand<
  Doc.TransactWriteCommandInput,
  Doc.TransactWriteCommandOutput
> {
  readonly operation = 'TransactWriteItems';
  readonly inputNodes = {
    TransactItems: {
      '*': {
        ConditionCheck: WITH_VALUES,
        Put: { Item: ALL_VALUES, ExpressionAttributeValues: ALL_VALUES },
        Delete: WITH_VALUES,
        Update: WITH_VALUES,
      },
    },
  };
  readonly outputNodes = { ItemCollectionMetrics: { '*': { '*': ITEM_METRICS } } };
}

export class TransactGetCommand extends DocumentCommand<Doc.TransactGetCommandInput, Doc.TransactGetCommandOutput> {
  readonly operation = 'TransactGetItems';
  readonly inputNodes = { TransactItems: { '*': { Get: { Key: ALL_VALUES } } } };
  readonly outputNodes = { Responses: { '*': { Item: ALL_VALUES } } };
}

/** The document client's options: no undefined sent; numbers come back as JS numbers (wrapNumbers off). */
const MARSHALL = { removeUndefinedValues: true, convertTopLevelContainer: true } as const;
const UNMARSHALL = { convertWithoutMapWrapper: true } as const;

/** The command's input as DynamoDB takes it (AttributeValues where the document client marshals). */
export function wireInput(command: DocumentCommand<unknown, unknown>): object {
  return inKeys(command.input as object, (v) => marshall(v, MARSHALL), command.inputNodes as Record<string, Nodes>);
}

/** The reply as the document client answers it: `$metadata`, and plain values where it unmarshals. */
export function documentOutput<O>(command: DocumentCommand<unknown, O>, reply: DynamoReply): O {
  const out = { $metadata: reply.$metadata, ...reply.output };
  return inKeys(
    out,
    (v) => unmarshall(v as Parameters<typeof unmarshall>[0], UNMARSHALL),
    command.outputNodes as Record<string, Nodes>,
  ) as O;
}

type Convert = (value: unknown) => unknown;
type Obj = Record<string, unknown>;

/** lib-dynamodb's walk (processObj): functions dropped, undefined results left out. */
function walk(value: unknown, f: Convert, nodes: Nodes): unknown {
  if (value === undefined) return undefined;
  if (nodes === null) return f(value);
  const keys = Object.keys(nodes);
  if (keys.length === 0) return eachMember(value as Obj, f);
  if (keys.length === 1 && keys[0] === '*') {
    const next = (nodes as Record<string, Nodes>)['*'];
    const acc: Obj = Array.isArray(value) ? ([] as unknown as Obj) : {};
    for (const [k, v] of Object.entries(value as Obj)) if (typeof v !== 'function') acc[k] = walk(v, f, next);
    return acc;
  }
  return inKeys(value as Obj, f, nodes as Record<string, Nodes>);
}

/** A copy of `obj` with the fields `nodes` names converted (processKeysInObj). */
function inKeys(obj: object, f: Convert, nodes: Record<string, Nodes>): Obj {
  const source = obj as Obj;
  const acc: Obj = Array.isArray(obj)
    ? (obj.filter((v) => typeof v !== 'function') as unknown as Obj)
    : Object.fromEntries(Object.entries(source).filter(([, v]) => typeof v !== 'function'));
  for (const [key, next] of Object.entries(nodes)) {
    if (typeof source[key] === 'function') continue;
    const converted = walk(source[key], f, next);
    if (converted !== undefined && typeof converted !== 'function') acc[key] = converted;
  }
  return acc;
}

/** Every member converted (processAllKeysInObj with SELF). */
function eachMember(value: Obj | unknown[], f: Convert): unknown {
  if (Array.isArray(value)) return value.filter((v) => typeof v !== 'function').map((v) => walk(v, f, SELF));
  const acc: Obj = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'function') continue;
    const converted = walk(v, f, SELF);
    if (converted !== undefined && typeof converted !== 'function') acc[k] = converted;
  }
  return acc;
}
