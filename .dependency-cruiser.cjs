/**
 * Import rules over the whole repository (`npm run lint:deps`): no import cycles, and the layers of the
 * backend tree by business capability (docs/CONVENTIONS.md): core → aws → kit → modules, a module
 * reached by another only through its index.ts, a store below the kit.
 *
 * Cycles are refused between files everywhere, and between folders on the server, where the layers and
 * modules are folders. The console's folders are ordered by eslint.config.mjs instead (app → features →
 * components and lib, which use each other, and a test beside its file imports web/src/testing).
 *
 * Type-only imports count: a cycle through types still ties two files together for a reader and a
 * refactoring, even if the bundler drops it.
 *
 * `lambdas/shared` is the layer shared with the console: it imports no server code (eslint.config.mjs),
 * so it sits below `lambdas/core`, and core may import it.
 *
 * File cycles that existed when this check came are listed in .dependency-cruiser-known-violations.json
 * (run with --ignore-known), the folder cycles in KNOWN_FOLDER_CYCLES: a new cycle fails, the lists
 * only shrink. Regenerate it with
 * `npm run lint:deps -- --output-type baseline --output-to .dependency-cruiser-known-violations.json`.
 */

const path = require('node:path');

/** Everything under one of these folders of lambdas/, as a path pattern. */
const under = (...folders) => `^lambdas/(${folders.join('|')})/`;

/**
 * Server layers and modules in a cycle when this check came, each with those it imports back (a pair
 * covers the folders inside them): the tool's baseline (--ignore-known) skips file rules only, so the
 * folder rule leaves these pairs out itself.
 * Remove a pair when its cycle is gone; never add one.
 */
const KNOWN_FOLDER_CYCLES = {
  'lambdas/ai': ['lambdas/domain'],
  'lambdas/domain': ['lambdas/ai', 'lambdas/kit', 'lambdas/modules/connectors', 'lambdas/repositories'],
  'lambdas/kit': ['lambdas/domain', 'lambdas/repositories'],
  'lambdas/modules/connectors': ['lambdas/domain', 'lambdas/kit', 'lambdas/repositories'],
  'lambdas/repositories': ['lambdas/kit'],
};

/** A folder and the folders inside it, as a path pattern ($1: the folder). */
const within = (folder) => `^(${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(/|$)`;

/** Server folders that import each other: one rule for the folders without a known cycle, one per folder with. */
function folderCycleRules() {
  // $1: the layer (lambdas/<layer>) or module (lambdas/modules/<module>) the folder is in; the folders
  // inside one module or layer may use each other, two of them may not.
  const UNIT = '^(lambdas/modules/[^/]+|lambdas/[^/]+)(/|$)';
  const rule = (pathNot, notBack = []) => ({
    name: 'no-circular-folders',
    comment: 'Server layers or modules that import each other: neither stands alone.',
    severity: 'error',
    scope: 'folder',
    from: { path: UNIT, ...(pathNot ? { pathNot } : {}) },
    to: { path: '^lambdas/', pathNot: ['^$1(/|$)', ...notBack], circular: true },
  });
  const known = Object.entries(KNOWN_FOLDER_CYCLES);
  return [
    rule(known.map(([folder]) => within(folder))),
    ...known.map(([folder, importsBack]) => ({
      ...rule(null, importsBack.map(within)),
      from: { path: within(folder) },
    })),
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: the files cannot be read, tested or moved one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...folderCycleRules(),
    {
      name: 'module-through-index',
      comment: "A module reaches another module only through that module's index.ts (or its schemas and replies).",
      severity: 'error',
      from: { path: '^lambdas/modules/([^/]+)/' },
      to: {
        path: '^lambdas/modules/[^/]+/',
        // schemas.ts and replies.ts are a module's public shapes too: the console imports them, so they
        // import no server code, and another module's schemas may build on them.
        pathNot: [
          '^lambdas/modules/$1/',
          '^lambdas/modules/[^/]+/(index|schemas|replies)\\.ts$',
          '^lambdas/modules/[^/]+/(schemas|replies)/',
        ],
      },
    },
    {
      name: 'store-without-kit',
      comment: 'A store (store*.ts, <entity>-store.ts) sits below the handler pipeline: it never imports lambdas/kit.',
      severity: 'error',
      from: { path: '^lambdas/.*[/-]store[^/]*\\.ts$' },
      to: { path: under('kit') },
    },
    {
      name: 'shared-imports-no-server',
      comment: 'lambdas/shared is shared with the console: it imports none of the server layers.',
      severity: 'error',
      from: { path: under('shared') },
      to: { path: under('core', 'aws', 'kit', 'modules') },
    },
    {
      name: 'core-imports-nothing-above',
      comment: 'lambdas/core is the bottom server layer: it may import lambdas/shared, nothing above.',
      severity: 'error',
      from: { path: under('core') },
      to: { path: under('aws', 'kit', 'modules') },
    },
    {
      name: 'aws-imports-nothing-above',
      comment: 'lambdas/aws (the AWS clients) imports neither the kit nor the modules.',
      severity: 'error',
      from: { path: under('aws') },
      to: { path: under('kit', 'modules') },
    },
    {
      name: 'kit-imports-no-module',
      comment: 'lambdas/kit knows the modules through ports only: it imports none of them.',
      severity: 'error',
      from: { path: under('kit') },
      to: { path: under('modules') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|cdk\\.out|web/dist|\\.local|artifacts)/' },
    tsPreCompilationDeps: true,
    // The console's '@server/*' alias, restated from the root (the paths plugin resolves from a baseUrl).
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.deps.json') },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
