import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** package.json "7.3.0" is shown as the product's version number "7.03" (SPEC §9). */
function displayVersion(semver: string): string {
  const [major = '0', minor = '0'] = semver.split('.');
  return `${major}.${minor.padStart(2, '0')}`;
}

/**
 * The console. No @vitejs/plugin-react: Vite 8 compiles JSX itself with oxc (automatic runtime).
 * Routes are split with React.lazy, so the sign-in route and /accounts/list each load only their chunks.
 */
export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic' } },
  define: {
    __APP_VERSION__: JSON.stringify(displayVersion(pkg.version)),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // The libraries every route needs go in one chunk: one file compresses better than a dozen slivers.
        codeSplitting: {
          groups: [{ name: 'core', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@emotion|stylis|stylis-plugin-rtl|cssjanus|@mui[\\/](system|utils|styled-engine|private-theming))[\\/]/ }],
        },
      },
      // MUI marks its modules 'use client' (a React Server Components hint that means nothing in a SPA).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  // The console imports shared server code (calendar, money, replies, schemas) as @server/…, one alias in tsconfig, here and in jest.
  resolve: { alias: { '@server': fileURLToPath(new URL('../lambdas', import.meta.url)) } },
  server: { port: 5173, strictPort: false },
});
