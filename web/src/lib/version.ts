/** The product version number shown in the drawer chip ("7.03"), injected by Vite at build time. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
