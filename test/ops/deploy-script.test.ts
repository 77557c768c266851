import { deploy, stageOf, type DeployDeps } from '../../scripts/deploy';

/**
 * `npm run deploy` (scripts/deploy.ts) with its commands recorded instead of run: AWS cannot be
 * reached here, so what is checked is the order of the steps and where it stops — never a deploy
 * without a fresh console build, never prod without a yes.
 */
const T0 = 1_800_000_000_000;

function world(o: {
  build?: number;
  builtAt?: number | undefined;
  diff?: number;
  yes?: boolean;
  deployCode?: number;
  record?: number;
}) {
  const commands: string[] = [];
  const lines: string[] = [];
  const asked: string[] = [];
  const deps: DeployDeps = {
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      commands.push(line);
      if (line === 'npm run build:web') return o.build ?? 0;
      if (line.startsWith('npx cdk diff')) return o.diff ?? 0;
      if (line.startsWith('npm run admin')) return o.record ?? 0;
      return o.deployCode ?? 0;
    },
    builtAt: () => ('builtAt' in o ? o.builtAt : T0 + 5_000),
    ask: async (q) => (asked.push(q), o.yes ?? false),
    now: () => T0,
    log: (l) => lines.push(l),
  };
  return { deps, commands, lines, asked };
}

it('reads the stage from --stage X or --stage=X, and only a stage the app has', () => {
  expect(stageOf(['--stage', 'dev'])).toBe('dev');
  expect(stageOf(['--stage=prod'])).toBe('prod');
  expect(stageOf(['--stage', 'production'])).toBeUndefined();
  expect(stageOf([])).toBeUndefined();
});

it('builds, shows the diff and deploys a stage that is not prod without asking', async () => {
  const w = world({ diff: 1 }); // cdk diff exits 1 when there are differences
  expect(await deploy(['--stage', 'dev'], w.deps)).toBe(0);
  expect(w.commands).toEqual([
    'npm run build:web',
    'npx cdk diff dev/*',
    'npx cdk deploy dev/* --require-approval broadening',
    'npm run admin -- record-partitions --if-incomplete --stage dev',
  ]);
  expect(w.asked).toEqual([]);
});

it('refuses without a stage, without a build, or with a build older than this run, and deploys nothing', async () => {
  for (const [argv, o] of [
    [[], {}],
    [['--stage', 'dev'], { build: 1 }],
    [['--stage', 'dev'], { builtAt: undefined }],
    [['--stage', 'staging'], { builtAt: T0 - 60_000 }],
  ] as const) {
    const w = world(o);
    expect(await deploy(argv, w.deps)).toBe(1);
    expect(w.commands.filter((c) => c.startsWith('npx cdk'))).toEqual([]);
  }
});

it('asks before prod: no deploys nothing, yes deploys', async () => {
  const no = world({ yes: false });
  expect(await deploy(['--stage', 'prod'], no.deps)).toBe(2);
  expect(no.asked).toHaveLength(1);
  expect(no.commands).toEqual(['npm run build:web', 'npx cdk diff prod/*']);
  const yes = world({ yes: true });
  expect(await deploy(['--stage', 'prod'], yes.deps)).toBe(0);
  expect(yes.commands.at(-2)).toBe('npx cdk deploy prod/* --require-approval broadening');
  expect(yes.commands.at(-1)).toBe('npm run admin -- record-partitions --if-incomplete --stage prod');
});

it('stops when the diff cannot be made, and reports a failed deploy', async () => {
  const broken = world({ diff: 2 });
  expect(await deploy(['--stage', 'dev'], broken.deps)).toBe(1);
  expect(broken.commands.some((c) => c.startsWith('npx cdk deploy'))).toBe(false);
  const failed = world({ deployCode: 1 });
  expect(await deploy(['--stage', 'dev'], failed.deps)).toBe(1);
  expect(failed.lines.at(-1)).toContain('Rollback');
  expect(failed.commands.some((c) => c.includes('record-partitions'))).toBe(false);
});

it('says so when the partition registry could not be recorded after the deploy', async () => {
  const w = world({ record: 1 });
  expect(await deploy(['--stage', 'staging'], w.deps)).toBe(1);
  expect(w.lines).toEqual([
    'Deployed staging.',
    'The partition registry was not recorded: run npm run admin -- record-partitions --if-incomplete --stage staging again.',
  ]);
});
