/** stylis ships no types; the console only uses its prefixer (emotion's RTL cache), a plugin as emotion types them. */
declare module 'stylis' {
  export const prefixer: import('@emotion/cache').StylisPlugin;
}
