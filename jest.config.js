/**
 * One jest run for the backend, CDK and console tests. esbuild (test/support/esbuild-jest.js)
 * compiles TypeScript, TSX and the ESM-only packages to CommonJS; the global setup starts DynamoDB
 * Local and cognito-local once for the whole run.
 */
const esbuild = '<rootDir>/test/support/esbuild-jest.js';
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/web/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': esbuild, '^.+\\.mjs$': esbuild },
  // ESM-only packages (middy, and otplib's @scure/@noble) are compiled to CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!(@middy|@scure|@noble|otplib)/)'],
  // The console's path alias for shared server code (web/tsconfig.json "paths").
  moduleNameMapper: { '^@server/(.*)$': '<rootDir>/lambdas/$1' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};
