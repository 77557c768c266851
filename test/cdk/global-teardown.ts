import { stopBackgroundBuild } from '../support/background-build';

// jest globalTeardown of the CDK project: stops the shared synth if it still runs, removes its folder.
export default function globalTeardown(): void {
  stopBackgroundBuild('MIXDESK_CDK_SYNTH');
}
