import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The import checker (.dependency-cruiser.cjs, `npm run lint:deps`) bites: in a small tree written
 * for the test, a cycle between files, one between modules, a module reaching into another module past
 * its index.ts and a store importing the kit each fail with their own rule, while the files that import the right way (down
 * the layers, through an index) pass. One run over one tree: the checker's start-up is most of it.
 */
const ROOT = path.resolve(__dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const run = promisify(execFile);

/** File path → source; each file exports something so the tree is plain TypeScript. */
const RIGHT_WAY: Record<string, string> = {
  'lambdas/shared/money.ts': 'export const cents = 100;\n',
  'lambdas/core/errors.ts': "import { cents } from '../shared/money';\nexport const unit = cents;\n",
  'lambdas/aws/dynamodb.ts': "import { unit } from '../core/errors';\nexport const client = unit;\n",
  'lambdas/kit/handler.ts': "import { client } from '../aws/dynamodb';\nexport const handler = client;\n",
  'lambdas/modules/accounts/index.ts': "export { accountStore } from './store.dynamodb';\n",
  'lambdas/modules/accounts/store.dynamodb.ts':
    "import { client } from '../../aws/dynamodb';\nimport { unit } from '../../core/errors';\nexport const accountStore = [client, unit];\n",
  'lambdas/modules/media-plans/handlers/get-plan.ts':
    "import { handler } from '../../../kit/handler';\nimport { accountStore } from '../../accounts';\nexport const getPlan = [handler, accountStore];\n",
};

/** The wrong-way files, each with the one rule it breaks (a cycle is reported at one of its members). */
const WRONG_WAY: [string, string, string][] = [
  ['lambdas/core/cycle-a.ts', "import { b } from './cycle-b';\nexport const a = b;\n", 'no-circular'],
  ['lambdas/core/cycle-b.ts', "import type { a } from './cycle-a';\nexport const b: typeof a | 1 = 1;\n", ''],
  [
    'lambdas/modules/media-plans/rules/budget.ts',
    "import { accountStore } from '../../accounts/store.dynamodb';\nexport const budget = accountStore;\n",
    'module-through-index',
  ],
  // Two modules that use each other through their index.ts: no file cycle, but a folder cycle.
  [
    'lambdas/modules/billing/index.ts',
    "import { accountStore } from '../accounts';\nexport const bill = accountStore;\n",
    '',
  ],
  [
    'lambdas/modules/accounts/rules.ts',
    "import { bill } from '../billing';\nexport const rules = bill;\n",
    'no-circular-folders',
  ],
  [
    'lambdas/modules/media-plans/store.dynamodb.ts',
    "import { handler } from '../../kit/handler';\nexport const planStore = handler;\n",
    'store-without-kit',
  ],
];

interface Report {
  modules: { source: string; dependencies: { module: string; couldNotResolve: boolean }[] }[];
  summary: { violations: { from: string; rule: { name: string } }[] };
}

let tree = '';

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const files = { ...RIGHT_WAY, ...Object.fromEntries(WRONG_WAY.map(([file, source]) => [file, source])) };
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), source);
  }
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

it("refuses cycles of files and of modules, a reach past a module's index.ts and a store importing the kit; passes the rest", async () => {
  const args = ['--config', CONFIG, '--no-cache', '--output-type', 'json', 'lambdas'];
  // The exit code is the number of errors: the report is on stdout either way.
  const out = await run(DEPCRUISE, args, { cwd: tree }).catch((e: { stdout: string }) => e);
  const report = JSON.parse(out.stdout) as Report;
  const unresolved = report.modules.flatMap((m) => m.dependencies.filter((d) => d.couldNotResolve));
  expect(unresolved).toEqual([]);
  const found = report.summary.violations.map((v) => [v.from, v.rule.name]);
  const cycleAt = found.find(([, name]) => name === 'no-circular')?.[0];
  expect(cycleAt).toMatch(/^lambdas\/core\/cycle-[ab]\.ts$/);
  // A file cycle is reported at one of its files; a folder cycle at each of its folders.
  const expected = [
    ...WRONG_WAY.filter(([, , rule]) => rule && rule !== 'no-circular-folders').map(([file, , rule]) => [
      rule === 'no-circular' ? cycleAt : file,
      rule,
    ]),
    ['lambdas/modules/accounts', 'no-circular-folders'],
    ['lambdas/modules/billing', 'no-circular-folders'],
  ];
  expect(found.sort()).toEqual(expected.sort());
});
