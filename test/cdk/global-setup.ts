import path from 'node:path';
import { startBackgroundBuild } from '../support/background-build';

/**
 * jest globalSetup of the CDK project: starts the one synth of the three-stage app for the whole run
 * (synth-once.ts) in the background and names its folder in MIXDESK_CDK_SYNTH, which the workers
 * inherit. The suites wait for it where they first read a template (synth-app.ts), so the synth
 * runs beside the first suites instead of before them. cdk-nag runs in the synth; CDK's
 * CloudFormation schema check (~10 s) is `npm run synth`'s, not the tests'.
 */
export default function globalSetup(): void {
  startBackgroundBuild('MIXDESK_CDK_SYNTH', path.join(__dirname, 'synth-once.ts'), { CDK_VALIDATION: 'false' });
}
