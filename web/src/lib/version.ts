/** The product version number shown in the drawer chip ("7.03"), injected by Vite at build time. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/** One build of the console (its version and build time), injected by Vite: what a browser keeps is per build. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
