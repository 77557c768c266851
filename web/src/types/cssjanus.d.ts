/** cssjanus ships no types: the one call the console makes (lib/display/rtl-flip.ts). */
declare module 'cssjanus' {
  const cssjanus: {
    transform(css: string, options?: { transformDirInUrl?: boolean; transformEdgeInUrl?: boolean }): string;
  };
  export default cssjanus;
}
