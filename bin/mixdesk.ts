#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { addMixdeskStages } from '../lib/app';

/**
 * The CDK app: one MixdeskStage per environment (lib/config/stages.ts). `npm run synth` synthesizes
 * all three; `npx cdk deploy 'dev/*'` deploys one stage.
 */
addMixdeskStages(new App());
