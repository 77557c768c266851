import * as path from 'node:path';

/** The repository root: handler paths in the manifest and web/dist are relative to it. */
export const REPO_ROOT = path.resolve(__dirname, '..');
