/**
 * Run in a fresh process (test/kit/cold-init-work.test.ts): installs traps on what is costly to do
 * at import — anything that starts ICU (Intl's formatters and collators, toLocaleString,
 * localeCompare) — then imports each file named on the command line, one after another, and prints
 * as JSON where our own code (lambdas/) did any of it while being imported. A Lambda pays import
 * work in every cold start (Init Duration); the first Intl call alone costs ~5 ms (ICU's start).
 *
 *   npx tsx test/support/import-work.ts lambdas/modules/accounts/handlers/get-accounts-list.ts …
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const found = new Map<string, string>();
/** Whose frames count: our own code (a test's probe sets another folder). */
const OURS = process.env.IMPORT_WORK_OURS ?? '/lambdas/';

function note(what: string) {
  const ours = (new Error().stack ?? '')
    .split('\n')
    .slice(2)
    .filter((l) => l.includes(OURS))
    .slice(0, 4)
    .map((l) =>
      l
        .trim()
        .replace(/^at /, '')
        .replace(/\(?\S*\/lambdas\//, 'lambdas/')
        .replace(/\)$/, ''),
    )
    .join(' < ');
  if (ours) found.set(`${what} ${ours}`, `${what} ${ours}`);
}

function trap<T extends object>(owner: T, key: keyof T & string, what: string) {
  const original = owner[key] as (...args: unknown[]) => unknown;
  Object.defineProperty(owner, key, {
    configurable: true,
    writable: true,
    value: function (this: unknown, ...args: unknown[]) {
      note(what);
      return original.apply(this, args);
    },
  });
}

trap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
trap(BigInt.prototype, 'toLocaleString', 'BigInt#toLocaleString');
trap(Date.prototype, 'toLocaleString', 'Date#toLocaleString');
trap(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString');
trap(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString');
trap(String.prototype, 'localeCompare', 'String#localeCompare');
trap(Array.prototype, 'toLocaleString', 'Array#toLocaleString');
const INTL = [
  'NumberFormat',
  'DateTimeFormat',
  'Collator',
  'PluralRules',
  'Segmenter',
  'ListFormat',
  'RelativeTimeFormat',
  'DisplayNames',
  'Locale',
] as const;
for (const name of INTL) {
  const C = Intl[name] as unknown as new (...args: unknown[]) => object;
  (Intl as unknown as Record<string, unknown>)[name] = new Proxy(C, {
    construct(target, args) {
      note(`Intl.${name}`);
      return new target(...args);
    },
    apply(target, self, args) {
      note(`Intl.${name}`);
      return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args);
    },
  });
}

async function main() {
  for (const file of process.argv.slice(2)) await import(pathToFileURL(path.resolve(file)).href);
  process.stdout.write(JSON.stringify([...found.values()]));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
