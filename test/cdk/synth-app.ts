import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { addMixdeskStages } from '../../lib/app';
import { STAGE_CONFIGS, type StageConfig } from '../../lib/config/stages';

/**
 * The app the CDK tests check: built by the same `addMixdeskStages` as bin/mixdesk.ts, with the
 * feature flags of cdk.json, but with bundling skipped (CDK's own `aws:cdk:bundling-stacks` context:
 * an empty list means no stack is bundled, so NodejsFunction never runs esbuild). Handler files
 * must still exist: NodejsFunction checks every entry.
 */
export function buildApp(configs: readonly StageConfig[] = STAGE_CONFIGS) {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'cdk.json'), 'utf8'));
  const app = new App({ context: { ...cdkJson.context, [BUNDLING_STACKS]: [] } });
  const stages = addMixdeskStages(app, configs);
  return { app, stages };
}

type Resource = { Type: string; Properties?: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

const cache = new WeakMap<Stack, Template>();
/** One synthesized template per stack (Template.fromStack synthesizes the whole stage). */
export function templateOf(stack: Stack): Template {
  let t = cache.get(stack);
  if (!t) cache.set(stack, (t = Template.fromStack(stack)));
  return t;
}

/** The resources of a stack, by logical id. */
export function resourcesOf(stack: Stack): Record<string, Resource> {
  return templateOf(stack).toJSON().Resources ?? {};
}

/** Resources of one type, by logical id. */
export function ofType(stack: Stack, type: string): Record<string, Resource> {
  return Object.fromEntries(Object.entries(resourcesOf(stack)).filter(([, r]) => r.Type === type));
}
