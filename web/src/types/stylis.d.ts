/**
 * stylis ships no types; the console uses its prefixer and the node types it names (emotion's RTL
 * cache, lib/display/rtl-flip.ts), plugins as emotion types them.
 */
declare module 'stylis' {
  export const prefixer: import('@emotion/cache').StylisPlugin;
  export const COMMENT: 'comm';
  export const DECLARATION: 'decl';
  export const RULESET: 'rule';
  export const MEDIA: '@media';
  export const KEYFRAMES: '@keyframes';
  export const SUPPORTS: '@supports';
}
