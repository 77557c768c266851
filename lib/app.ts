import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { STAGE_CONFIGS, type StageConfig } from './config/stages';
import { MixdeskStage } from './stage';

/**
 * Adds every stage of Mixdesk to an app and checks it with cdk-nag's AWS Solutions pack. bin/ and
 * the tests both build the app through here, so the tests check exactly what is deployed.
 */
export function addMixdeskStages(app: App, configs: readonly StageConfig[] = STAGE_CONFIGS): MixdeskStage[] {
  const stages = configs.map((config) => new MixdeskStage(app, config.name, { config }));
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stages;
}
