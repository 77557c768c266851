/**
 * The jest run: four projects (test/support/jest-projects.js says which suite goes where), their
 * suites spread over parallel workers. esbuild (test/support/esbuild-jest.js) compiles TypeScript,
 * TSX and the ESM-only packages to CommonJS. Each project starts only what its suites need: the
 * integration project's global setup starts DynamoDB Local, cognito-local and the local AWS servers
 * once per run, with a table of its own for each worker (test/support/global-setup.ts).
 *
 * The suite-share reporter (test/support/suite-share-reporter.js) lists the slowest suites and
 * fails the run when one suite takes more than its share of the whole.
 */
const os = require('node:os');
const { backendProjects } = require('./test/support/jest-projects');

const esbuild = '<rootDir>/test/support/esbuild-jest.js';
const shared = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': esbuild, '^.+\\.mjs$': esbuild },
  // ESM-only packages (middy, and otplib's @scure/@noble) are compiled to CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!(@middy|@scure|@noble|otplib)/)'],
  // The console's path alias for shared server code (web/tsconfig.json "paths").
  moduleNameMapper: { '^@server/(.*)$': '<rootDir>/lambdas/$1' },
  testEnvironment: 'node',
};
const groups = backendProjects();

module.exports = {
  // jest's default is one worker fewer than the cores: on the 2-core machines CI runs on, one worker.
  maxWorkers: Math.max(2, os.availableParallelism()),
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/suite-share-reporter.js'],
  // The slowest suites first, from recorded times (a fresh clone has no jest cache to order by).
  testSequencer: '<rootDir>/test/support/sequencer.js',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['<rootDir>/test'],
      testMatch: groups.unit,
      // The run's one build of every Lambda bundle (test/support/bundles.ts), in the background.
      globalSetup: '<rootDir>/test/support/unit-setup.ts',
      globalTeardown: '<rootDir>/test/support/unit-teardown.ts',
    },
    { ...shared, displayName: 'web', roots: ['<rootDir>/web/src'], testMatch: ['**/*.test.ts', '**/*.test.tsx'] },
    {
      ...shared,
      displayName: 'cdk',
      roots: ['<rootDir>/test'],
      testMatch: groups.cdk,
      globalSetup: '<rootDir>/test/cdk/global-setup.ts',
      globalTeardown: '<rootDir>/test/cdk/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'integration',
      roots: ['<rootDir>/test'],
      testMatch: groups.integration,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/setup-worker-env.ts'],
    },
  ],
};
