/** Set by vite.config.ts `define` from package.json at build time ("7.03"). */
declare const __APP_VERSION__: string;
