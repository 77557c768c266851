/** Set by vite.config.mts `define` from package.json at build time ("7.03"). */
declare const __APP_VERSION__: string;
/** Set by vite.config.mts `define`: the version and the build's time, one value per build. */
declare const __BUILD_ID__: string;
