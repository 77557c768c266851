import { ddb } from '../../lambdas/aws/dynamodb/client';

/**
 * Deterministic interleavings for race tests. The product sends every DynamoDB command through its
 * one document client (lambdas/aws/dynamodb/client.ts); a gate holds the first command that matches
 * at that door until the test opens it. So a test can stop a call exactly between two of its writes,
 * run the other call there, and then let the first go on — each ordering forced, none left to luck.
 *
 * The client's `send` is wrapped once per test file (jest gives each file its own module registry).
 */

export interface SentCommand {
  /** The command's class name: QueryCommand, UpdateCommand, TransactWriteCommand... */
  name: string;
  input: Record<string, any>;
}

export interface Gate {
  /** Resolves when the matching command reached the client (it is held there, not yet sent). */
  reached: Promise<void>;
  /** Lets the held command through (a gate never reached lets nothing through: it simply goes away). */
  open(): void;
}

type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;
interface Waiting {
  match: (c: SentCommand) => boolean;
  arrive: () => void;
  released: Promise<void>;
}

let waiting: Waiting[] = [];
let opens: (() => void)[] = [];
let installed = false;

function install(): void {
  if (installed) return;
  const client = ddb();
  const rawSend = client.send.bind(client) as Send;
  (client as unknown as { send: Send }).send = async (command: unknown, ...rest: unknown[]) => {
    const sent: SentCommand = {
      name: (command as { constructor?: { name?: string } })?.constructor?.name ?? '',
      input: (command as { input?: Record<string, any> })?.input ?? {},
    };
    const gate = waiting.find((w) => w.match(sent));
    if (gate) {
      // Each gate holds one command: the first that matches.
      waiting = waiting.filter((w) => w !== gate);
      gate.arrive();
      await gate.released;
    }
    return rawSend(command, ...rest);
  };
  installed = true;
}

/** Holds the next command `match` accepts until `open()`. */
export function holdNext(match: (c: SentCommand) => boolean): Gate {
  install();
  let arrive!: () => void;
  let open!: () => void;
  // A command that never comes fails the test at once (a changed call order), instead of at jest's timeout.
  const reached = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('command gate: no matching command was sent within 5 s')), 5000);
    arrive = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  reached.catch(() => undefined);
  const released = new Promise<void>((r) => {
    open = r;
  });
  const entry: Waiting = { match, arrive, released };
  waiting.push(entry);
  opens.push(open);
  return {
    reached,
    open: () => {
      waiting = waiting.filter((w) => w !== entry);
      open();
    },
  };
}

/** Every gate opens and goes away (afterEach: a failed test must not hold the next one's commands). */
export function clearGates(): void {
  waiting = [];
  for (const open of opens) open();
  opens = [];
}

/** The Put items of a TransactWriteCommand. */
export const transactPuts = (c: SentCommand): Record<string, any>[] =>
  c.name === 'TransactWriteCommand'
    ? (c.input.TransactItems ?? []).flatMap((t: { Put?: { Item: Record<string, any> } }) => (t.Put ? [t.Put.Item] : []))
    : [];
