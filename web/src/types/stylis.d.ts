/** stylis ships no types; the console only uses its prefixer (emotion's RTL cache). */
declare module 'stylis' {
  export type Middleware = (element: any, index: number, children: any[], callback: Middleware) => string | void;
  export const prefixer: Middleware;
}
