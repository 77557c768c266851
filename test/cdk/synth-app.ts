import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { addMixdeskStages } from '../../lib/app';
import { STAGE_CONFIGS, type StageConfig } from '../../lib/config/stages';
import { waitForBuildSync } from '../support/background-build';

/**
 * The app the CDK tests check: built by the same `addMixdeskStages` as bin/mixdesk.ts, with the
 * feature flags of cdk.json, but with bundling skipped (CDK's own `aws:cdk:bundling-stacks` context:
 * an empty list means no stack is bundled, so NodejsFunction never runs esbuild). Handler files
 * must still exist: NodejsFunction checks every entry.
 *
 * Synthesized once per run. The CDK project's global setup (global-setup.ts) synthesizes the
 * three-stage app in the background (synth-once.ts) and names the folder of its templates in
 * MIXDESK_CDK_SYNTH. A suite still builds the app, which is cheap and deterministic, for the
 * constructs it names (logical ids, roles, config); `templateOf` reads that stack's template from
 * the shared synth instead of synthesizing the stage again. An app built with other stage configs
 * (a custom domain) is synthesized by its suite, as before.
 */
const defaultApps = new WeakSet<App>();

export function buildApp(configs: readonly StageConfig[] = STAGE_CONFIGS, outdir?: string) {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'cdk.json'), 'utf8'));
  const app = new App({ outdir, context: { ...cdkJson.context, [BUNDLING_STACKS]: [] } });
  const stages = addMixdeskStages(app, configs);
  if (configs === STAGE_CONFIGS) defaultApps.add(app);
  return { app, stages };
}

export const templateFileOf = (dir: string, stackPath: string) =>
  path.join(dir, `${encodeURIComponent(stackPath)}.json`);

/** How long a suite waits for the shared synth (it takes ~10 s alone; much longer means it is stuck). */
const SYNTH_WAIT_MS = 180_000;

/** Waits (synchronously: templates are read in test bodies) until the shared synth is done. */
export function sharedSynthDir(): string | undefined {
  const dir = process.env.MIXDESK_CDK_SYNTH;
  if (dir) waitForBuildSync(dir, 'synth', SYNTH_WAIT_MS);
  return dir;
}

type Resource = {
  Type: string;
  Properties?: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

const cache = new WeakMap<Stack, Template>();
/** One template per stack: from the run's shared synth for the default app, else Template.fromStack (which synthesizes the whole stage). */
export function templateOf(stack: Stack): Template {
  let t = cache.get(stack);
  if (!t) {
    const dir = defaultApps.has(stack.node.root as App) ? sharedSynthDir() : undefined;
    t = dir
      ? Template.fromJSON(JSON.parse(fs.readFileSync(templateFileOf(dir, stack.node.path), 'utf8')))
      : Template.fromStack(stack);
    cache.set(stack, t);
  }
  return t;
}

/** The resources of a stack, by logical id. */
export function resourcesOf(stack: Stack): Record<string, Resource> {
  return templateOf(stack).toJSON().Resources ?? {};
}

/** The cloud assembly folder of the shared synth (cdk-nag's validation report is there), if the run has one. */
export function sharedAssemblyDir(): string | undefined {
  const dir = sharedSynthDir();
  return dir && fs.readFileSync(path.join(dir, 'assembly.txt'), 'utf8');
}

/** Resources of one type, by logical id. */
export function ofType(stack: Stack, type: string): Record<string, Resource> {
  return Object.fromEntries(Object.entries(resourcesOf(stack)).filter(([, r]) => r.Type === type));
}
