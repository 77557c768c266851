/**
 * One jest run for the backend, CDK and console tests. @swc/jest compiles TypeScript (and the
 * ESM-only @middy packages) to CommonJS; the global setup starts DynamoDB Local and cognito-local
 * once for the whole run.
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/web/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ESM-only packages (middy, and otplib's @scure/@noble) are compiled to CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!(@middy|@scure|@noble|otplib)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};
