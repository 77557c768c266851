/**
 * Jest transformer: TypeScript/TSX (and the ESM-only packages otplib uses) to CommonJS
 * with esbuild, which the project already uses to bundle the Lambdas. Chosen over @swc/jest because
 * swc's and jest 30's native bindings are not all on the registry this project installs from, so
 * `npm ci` could not verify a lock file that names them.
 */
const { transformSync } = require('esbuild');
const { createHash } = require('node:crypto');
const path = require('node:path');

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.jsx': 'jsx', '.mjs': 'js', '.cjs': 'js' };

module.exports = {
  process(source, file) {
    const { code, map } = transformSync(source, {
      loader: LOADERS[path.extname(file)] ?? 'js',
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      // import() becomes require() (jest's module registry has no native dynamic import without
      // --experimental-vm-modules): lazy routes, catalogue loaders and handler imports load as in Node.
      supported: { 'dynamic-import': false },
      sourcemap: 'external',
      sourcefile: file,
      // Vite-style `import.meta` is not used by code under test; keep esbuild quiet about it.
      logLevel: 'silent',
    });
    return { code, map };
  },
  getCacheKey(source, file) {
    return createHash('sha1').update('esbuild-jest-1').update(file).update('\0').update(source).digest('hex');
  },
};
