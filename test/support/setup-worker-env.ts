import { applyWorkerEnv } from './worker-env';

// jest setupFiles of the integration project: this file's table and stream host.
applyWorkerEnv();
