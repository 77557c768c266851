import { teardown } from './global-setup';

// jest globalTeardown of the CDK project: stops the shared synth if it still runs, removes its folder.
export default teardown;
