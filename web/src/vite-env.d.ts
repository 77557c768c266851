/** Set by vite.config.mts `define` from package.json at build time ("7.03"). */
declare const __APP_VERSION__: string;
