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
 */

const path = require('node:path');

/** Everything under one of these folders of lambdas/, as a path pattern. */
const under = (...folders) => `^lambdas/(${folders.join('|')})/`;

/**
 * Server folders that import each other: the folders inside one module or layer may use each other,
 * two modules or layers may not ($1: the layer, lambdas/<layer>, or module, lambdas/modules/<module>).
 * Where a module's rules need a module above it, they declare a port and lambdas/module-ports.ts
 * (beside the service handler, outside every module) gives them its implementation.
 */
const FOLDER_CYCLES = {
  name: 'no-circular-folders',
  comment: 'Server layers or modules that import each other: neither stands alone.',
  severity: 'error',
  scope: 'folder',
  from: { path: '^(lambdas/modules/[^/]+|lambdas/[^/]+)(/|$)' },
  to: { path: '^lambdas/', pathNot: ['^$1(/|$)'], circular: true },
};

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
    FOLDER_CYCLES,
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
      comment: 'A store (store*.ts, <entity>-store*.ts) sits below the handler pipeline: it never imports lambdas/kit.',
      severity: 'error',
      from: { path: '^lambdas/.*([/-]store[^/]*|/store/[^/]+)\\.ts$' },
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
    {
      name: 'pdf-writer-for-documents-only',
      comment:
        'lambdas/core/pdf carries its fonts into every bundle that imports it: only the insertion-order ' +
        'document (lambdas/modules/orders/io-document) and the flowchart PDF ' +
        '(lambdas/modules/flowchart-documents/pdf.ts, grid.ts) write a PDF (docs/documents.md).',
      severity: 'error',
      from: {
        path: '^lambdas/',
        pathNot: [
          '^lambdas/core/pdf/',
          '^lambdas/modules/orders/io-document/',
          '^lambdas/modules/flowchart-documents/(pdf|grid)[.]ts$',
        ],
      },
      to: { path: '^lambdas/core/pdf/' },
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
