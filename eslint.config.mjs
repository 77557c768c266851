// ESLint flat config: TypeScript everywhere, React hooks in the console, and the layer boundaries of
// docs/CONVENTIONS.md stated as import restrictions, so a wrong-way import fails `npm test`.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import featureBoundaries from './eslint/feature-boundaries.mjs';

/** Imports a layer may not make: `{ group: [glob], message }` for core `no-restricted-imports`. */
const forbid = (message, ...group) => ({ group, message });

const SERVER = [
  '**/core/*',
  '**/aws/**',
  '**/modules/*/*',
  '**/modules/*/*/*',
  '**/kit/*',
  '**/manifest',
  '**/service-handler',
  '**/module-ports',
  '**/caller-lookups',
  '**/jobs/*',
  '**/streams/*',
];

/** A module's index (what other modules use of it): server code, like the files behind it. */
const moduleIndex = (message) => ({ regex: '(^|/)modules/[^/]+$', message });

/** What the console may import of the server: shared code, schemas and the route types, through @server/… only. */
const CONSOLE_REACH = forbid(
  "the console imports shared server code as '@server/shared/…' (or schemas, a module's schemas and replies, the manifest's types): never by a relative path, never handlers, rules or stores",
  '**/lambdas/**',
  '@server/jobs/*',
  '@server/streams/*',
  '@server/kit/*',
  '@server/core/*',
  '@server/aws/**',
  '@server/modules/*/*',
  '!@server/modules/*/schemas',
  '!@server/modules/*/replies',
  '@server/modules/*/*/*',
  '!@server/modules/*/schemas/*',
  '!@server/modules/*/replies/*',
);
const CONSOLE_MODULE_INDEX = moduleIndex(CONSOLE_REACH.message);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'cdk.out/**',
      '.local/**',
      '.scratch/**',
      'artifacts/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
    },
  },
  {
    // Tests and benches read arbitrary JSON replies and load handlers by path at run time.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // ---- server layers: handlers → domain → repositories; shared and schemas import no server code ----
  {
    files: ['lambdas/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              'lambdas/shared is shared with the console: it imports no server code',
              ...SERVER,
              '!**/modules/*/replies',
              '!**/modules/*/replies/*',
              '**/schemas/*',
            ),
            moduleIndex('lambdas/shared is shared with the console: it imports no server code'),
          ],
        },
      ],
    },
  },
  {
    files: [
      'lambdas/schemas/**/*.ts',
      'lambdas/modules/*/{schemas,replies}.ts',
      'lambdas/modules/*/{schemas,replies}/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              'schemas are shared with the console: shared code only',
              ...SERVER,
              '!**/modules/*/schemas',
              '!**/modules/*/replies',
              '!**/modules/*/schemas/*',
              '!**/modules/*/replies/*',
            ),
            moduleIndex('schemas are shared with the console: shared code only'),
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              'core holds the pure basics: it imports shared code only',
              ...SERVER.filter((glob) => glob !== '**/core/*'),
            ),
            moduleIndex('core holds the pure basics: it imports shared code only'),
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/aws/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              'aws holds the AWS clients: they import core and shared code only',
              ...SERVER.filter((glob) => glob !== '**/core/*' && glob !== '**/aws/**'),
            ),
            moduleIndex('aws holds the AWS clients: they import core and shared code only'),
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/kit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              'the kit knows callers only through its port (kit/caller-port.ts): it imports no module',
              '**/modules/**',
              '**/manifest',
              '**/service-handler',
              '**/caller-lookups',
              '**/module-ports',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/modules/**/*.ts'],
    ignores: ['lambdas/modules/*/handlers/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              "a module's rules do not know its handlers or the wiring above the modules",
              '**/handlers/*',
              '**/manifest',
              '**/service-handler',
              '**/module-ports',
              '**/kit/handler',
            ),
          ],
        },
      ],
    },
  },
  // after the rules' block: a store's own list replaces it (flat config keeps the last one)
  {
    files: ['lambdas/modules/*/{store,*-store,store.*,*-store.*}.ts', 'lambdas/modules/*/store/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              "a store sits below its module's rules: it imports no route, handler or wiring",
              '**/routes',
              '**/handlers/*',
              '**/manifest',
              '**/service-handler',
              '**/module-ports',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/modules/*/handlers/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              "handlers stay thin: they call their module's rules, never a store",
              '**/store',
              '**/store/*',
              '**/*-store',
              '**/store.*',
              '**/*-store.*',
              '**/aws/**',
            ),
          ],
        },
      ],
    },
  },
  // ---- console: app → features → components / lib; no feature imports another ----
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid('components and lib are below the features and the app', '**/features/**', '**/app/**'),
            CONSOLE_REACH,
            CONSOLE_MODULE_INDEX,
          ],
        },
      ],
    },
  },
  {
    // The console reaches shared server code only through the @server alias, and only the parts made to be shared.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/components/**', 'web/src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CONSOLE_REACH, CONSOLE_MODULE_INDEX] }] },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { mixdesk: featureBoundaries },
    rules: { 'mixdesk/feature-boundaries': 'error' },
  },
);
