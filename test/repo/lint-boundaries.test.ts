import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The layer boundaries are ESLint rules (eslint.config.mjs, eslint/feature-boundaries.mjs) and
 * `npm test` runs the lint with zero warnings. This proves the rules bite: a wrong-way import in
 * each layer is reported, and the right way is not.
 */
const ROOT = path.resolve(__dirname, '../..');
const ESLINT = path.join(ROOT, 'node_modules/.bin/eslint');

function lint(file: string, source: string): string[] {
  const out = spawnSync(ESLINT, ['--no-warn-ignored', '--format', 'json', '--stdin', '--stdin-filename', file], {
    cwd: ROOT,
    input: source,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(out.stdout) as { messages: { ruleId: string | null }[] }[];
  return result.messages.map((m) => m.ruleId ?? 'parse');
}

describe('layer boundaries', () => {
  it.each([
    [
      'a handler reading a store',
      'lambdas/modules/accounts/handlers/x.ts',
      "import { getAccount } from '../../tenancy/account-store';\nexport const x = getAccount;\n",
      'no-restricted-imports',
    ],
    [
      "a handler reading a store's DynamoDB implementation",
      'lambdas/modules/accounts/handlers/x.ts',
      "import { getAccount } from '../../tenancy/account-store.dynamodb';\nexport const x = getAccount;\n",
      'no-restricted-imports',
    ],
    [
      "an entity store's DynamoDB implementation reading a route",
      'lambdas/modules/tenancy/account-store.dynamodb.ts',
      "import { route } from './routes';\nexport const x = route;\n",
      'no-restricted-imports',
    ],
    [
      'a store reading a handler',
      'lambdas/modules/accounts/store.ts',
      "import { handler } from './handlers/get-accounts-list';\nexport const x = handler;\n",
      'no-restricted-imports',
    ],
    [
      'shared code reading the core',
      'lambdas/shared/x.ts',
      "import { log } from '../core/logger';\nexport const x = log;\n",
      'no-restricted-imports',
    ],
    [
      'the kit reading a store',
      'lambdas/kit/x.ts',
      "import { getProfile } from '../modules/tenancy/profile-store';\nexport const x = getProfile;\n",
      'no-restricted-imports',
    ],
    [
      'a feature importing another feature',
      'web/src/features/accounts/components/x.ts',
      "import { TemplatesScreen } from '../../templates/components/templates-screen';\nexport const x = TemplatesScreen;\n",
      'mixdesk/feature-boundaries',
    ],
    [
      'a feature importing the app shell',
      'web/src/features/accounts/x.ts',
      "import { router } from '../../app/router';\nexport const x = router;\n",
      'mixdesk/feature-boundaries',
    ],
    [
      'lib importing a feature',
      'web/src/lib/x.ts',
      "import { planAbilities } from '../features/media-plan/model/abilities';\nexport const x = planAbilities;\n",
      'no-restricted-imports',
    ],
  ])('%s is refused', (_what, file, source, rule) => {
    expect(lint(file, source)).toContain(rule);
  });

  it.each([
    [
      "a handler calling its module's rules",
      'lambdas/modules/accounts/handlers/x.ts',
      "import { listAccounts } from '../accounts';\nexport const x = listAccounts;\n",
    ],
    [
      'a feature using lib and components',
      'web/src/features/accounts/components/x.ts',
      "import { callApi } from '../../../lib/api-client';\nimport { Loader } from '../../../components/ui/loader';\nexport const x = [callApi, Loader];\n",
    ],
  ])('%s is fine', (_what, file, source) => {
    expect(lint(file, source)).toEqual([]);
  });
});
