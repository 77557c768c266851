import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { STAGE_CONFIGS } from '../lib/config/stages';

/**
 * `npm run deploy -- --stage dev|staging|prod`: builds the console, refuses to go on without a
 * fresh build (the web stack would ship config.json alone), shows `cdk diff` of the stage, asks
 * before touching prod, then deploys the stage's stacks and registers the partitions of a table from
 * before the partition registry. docs/operations.md "Deploying" has the rollback.
 */
export interface DeployDeps {
  /** Runs a command in the repository; its exit code. */
  run: (command: string, args: string[]) => number;
  /** The console build's index.html modification time (ms), or undefined when there is none. */
  builtAt: () => number | undefined;
  /** Asks a yes/no question; true for yes. */
  ask: (question: string) => Promise<boolean>;
  now: () => number;
  log: (line: string) => void;
}

export const STAGES: readonly string[] = STAGE_CONFIGS.map((c) => c.name);

/** The stage named by `--stage X` or `--stage=X`; undefined when missing or unknown. */
export function stageOf(argv: readonly string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--stage' || a.startsWith('--stage='));
  if (i < 0) return undefined;
  const value = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  return STAGES.includes(value) ? value : undefined;
}

/** The deployment; its exit code (0 deployed, 1 refused or failed, 2 declined). */
export async function deploy(argv: readonly string[], deps: DeployDeps): Promise<number> {
  const stage = stageOf(argv);
  if (!stage) {
    deps.log(`Name the stage: npm run deploy -- --stage ${STAGES.join('|')}`);
    return 1;
  }
  const started = deps.now();
  if (deps.run('npm', ['run', 'build:web']) !== 0) {
    deps.log('The console did not build: nothing was deployed.');
    return 1;
  }
  const builtAt = deps.builtAt();
  // Seconds of file-time granularity: a build of this run is not older than its start.
  if (builtAt === undefined || builtAt < started - 2_000) {
    deps.log('No fresh console build in web/dist: nothing was deployed (the stage would lose its console).');
    return 1;
  }
  const stacks = `${stage}/*`;
  // cdk diff exits 1 when there are differences; only a failure to synthesize is a stop.
  if (deps.run('npx', ['cdk', 'diff', stacks]) > 1) {
    deps.log('cdk diff failed: nothing was deployed.');
    return 1;
  }
  if (stage === 'prod' && !(await deps.ask(`Deploy these changes to prod? (yes/no) `))) {
    deps.log('Not deployed.');
    return 2;
  }
  const code = deps.run('npx', ['cdk', 'deploy', stacks, '--require-approval', 'broadening']);
  deps.log(code === 0 ? `Deployed ${stage}.` : `cdk deploy failed (${code}); see docs/operations.md "Rollback".`);
  if (code !== 0) return 1;
  // A table from before the partition registry is registered once (docs/operations.md "Finding a company's items").
  const recorded = ['run', 'admin', '--', 'record-partitions', '--if-incomplete', '--stage', stage];
  if (deps.run('npm', recorded) !== 0) {
    deps.log(`The partition registry was not recorded: run npm ${recorded.join(' ')} again.`);
    return 1;
  }
  return 0;
}

const REPO_ROOT = path.resolve(__dirname, '..');

const realDeps: DeployDeps = {
  run: (command, args) => spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' }).status ?? 1,
  builtAt: () => {
    const index = path.join(REPO_ROOT, 'web', 'dist', 'index.html');
    return existsSync(index) ? statSync(index).mtimeMs : undefined;
  },
  ask: async (question) => {
    if (!process.stdin.isTTY) return false;
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return (await rl.question(question)).trim().toLowerCase() === 'yes';
    } finally {
      rl.close();
    }
  },
  now: () => Date.now(),
  log: (line) => console.log(line),
};

if (require.main === module) {
  void deploy(process.argv.slice(2), realDeps).then((code) => process.exit(code));
}
