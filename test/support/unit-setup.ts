import { startSharedBundles } from './bundles';

// jest globalSetup of the unit project: the run's one build of every Lambda bundle, in the background.
export default startSharedBundles;
