import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** package.json "7.3.0" is shown as the product's version number "7.03". */
function displayVersion(semver: string): string {
  const [major = '0', minor = '0'] = semver.split('.');
  return `${major}.${minor.padStart(2, '0')}`;
}

/**
 * MUI's theme with CSS variables (createThemeWithVars, ~4 kB gzip), swapped at build time for a stub:
 * createTheme imports it statically but calls it only for `cssVariables` or `colorSchemes` options,
 * which the console's theme never passes (lib/display/theme.ts), so every route carried it unused —
 * as the Lambdas swap SDK code they cannot run (lib/lambda-bundling.ts). Should a theme ever ask for
 * CSS variables, the stub throws at once rather than render without them. The jest tests import MUI
 * unswapped; test/browser journeys run this build.
 * Likewise its ThemeProvider imports the CSS-variables provider (createCssVarsProvider, the color
 * scheme's storage and script: ~2.5 kB gzip) and renders it only for a theme with `colorSchemes`, which
 * a theme made without CSS variables or colorSchemes options never has: the ThemeProvider's import is
 * swapped too (what else imports it, nothing in the console, keeps the real module).
 */
const NO_CSS_VARS = '\0mixdesk-no-css-vars-theme';
const NO_CSS_VARS_PROVIDER = '\0mixdesk-no-css-vars-provider';
const noCssVarsTheme: Plugin = {
  name: 'mixdesk:no-css-vars-theme',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './createThemeWithVars.mjs' && importer && /@mui[\\/]material[\\/]styles[\\/]/.test(importer))
      return NO_CSS_VARS;
    if (
      source === './ThemeProviderWithVars.mjs' &&
      importer &&
      /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/.test(importer)
    )
      return NO_CSS_VARS_PROVIDER;
    return null;
  },
  load(id) {
    if (id === NO_CSS_VARS_PROVIDER)
      return "export function CssVarsProvider() { throw new Error('The console builds its theme without colorSchemes (lib/display/theme.ts)'); }\n";
    if (id !== NO_CSS_VARS) return null;
    return "export const createGetCssVar = () => { throw new Error('no CSS variables theme'); };\nexport default function createThemeWithVars() { throw new Error('The console builds its theme without CSS variables (lib/display/theme.ts)'); }\n";
  },
};

/**
 * A chunking hint, no run-time cost. Every feature's signed-in route module (features/<area>/routes.tsx,
 * lazily imported by its index.ts) is bundled as if it re-exported the signed-in layout, which wraps
 * it and is loaded before or with it anyway. The MUI parts the layout shares with the screens then
 * stay in the layout's chunk instead of slivers that every signed-in screen, /accounts/list first,
 * would load as extra files (measured: /accounts/list 3.7 kB gzip and 8 files fewer than without it,
 * the other screens 3-4 kB fewer). The build adds the re-export because the source may not: a feature imports
 * neither the app shell nor another feature (lint).
 */
const SIGNED_IN_LAYOUT = fileURLToPath(new URL('src/app/routes/app/signed-in-layout.tsx', import.meta.url));
const signedInChunkHint: Plugin = {
  name: 'mixdesk:signed-in-chunk-hint',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]src[\\/]features[\\/][^\\/]+[\\/]routes\.tsx$/.test(id)) return null;
    return { code: `${code}\nexport * as __chunkHint from ${JSON.stringify(SIGNED_IN_LAYOUT)};\n`, map: null };
  },
};

/** One value per build, the same in the console and in its first frame's script. */
const BUILD_ID = `${pkg.version}-${Date.now().toString(36)}`;
const FIRST_FRAME_ENTRY = fileURLToPath(new URL('src/first-frame.ts', import.meta.url));

/**
 * The first frame's script (src/first-frame.ts, lib/first-frame) as a classic deferred script of its
 * own, ahead of the console's module entry: deferred scripts and module scripts run in the page's
 * order, so it runs before the console's code and never waits for it (in the console's module graph it
 * would run only after every library the graph imports). It loads no library: a few kilobytes.
 */
const firstFrameScript: Plugin = {
  name: 'mixdesk:first-frame-script',
  apply: 'build',
  async generateBundle() {
    const out = await esbuild({
      entryPoints: [FIRST_FRAME_ENTRY],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      write: false,
      define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
      alias: { '@server': fileURLToPath(new URL('../lambdas', import.meta.url)) },
    });
    const code = out.outputFiles[0]?.text ?? '';
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
    this.emitFile({ type: 'asset', fileName: `assets/first-frame-${hash}.js`, source: code });
  },
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const file = Object.keys(ctx.bundle ?? {}).find((f) => /^assets\/first-frame-[0-9a-f]{8}\.js$/.test(f));
      if (!file) throw new Error('The first frame script was not built');
      return [{ tag: 'script', attrs: { defer: true, src: `/${file}` }, injectTo: 'head-prepend' as const }];
    },
  },
};

const CORE =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@emotion|stylis|stylis-plugin-rtl|cssjanus|@mui[\\/](system|utils|styled-engine|private-theming))[\\/]/;
const NOT_CORE = /node_modules[\\/]@mui[\\/](system[\\/](Grid|Container)|utils[\\/]useRovingTabIndex)[\\/]/;

/**
 * The console. No @vitejs/plugin-react: Vite 8 compiles JSX itself with oxc (automatic runtime).
 * Routes are split with React.lazy, so the sign-in route and /accounts/list each load only their chunks.
 */
export default defineConfig({
  root: webRoot,
  base: '/',
  // web/public is copied to the build as is (the favicon, served at /favicon.svg by local/web-server.ts and the CDN).
  publicDir: 'public',
  plugins: [signedInChunkHint, noCssVarsTheme, firstFrameScript],
  oxc: { jsx: { runtime: 'automatic' } },
  define: {
    __APP_VERSION__: JSON.stringify(displayVersion(pkg.version)),
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // A bench's CPU profile (BENCH_PROFILE=1) reads function names: the build it profiles keeps them.
    minify: process.env.CONSOLE_UNMINIFIED !== '1',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // The libraries every route needs go in one chunk: one file compresses better than a dozen slivers.
        codeSplitting: {
          // Not the parts of @mui/system and @mui/utils that only screens and dialogs use (Grid, Container,
          // the menus' and tabs' roving focus): in the group, every route would carry them (~3 kB gzip).
          groups: [{ name: 'core', test: (id) => CORE.test(id) && !NOT_CORE.test(id) }],
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
