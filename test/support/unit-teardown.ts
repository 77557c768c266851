import { stopSharedBundles } from './bundles';

// jest globalTeardown of the unit project.
export default stopSharedBundles;
