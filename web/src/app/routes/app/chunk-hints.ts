/**
 * Chunking hint, no run-time cost: the screens below re-export this (`export * as ChunkHints`), so
 * the bundler sees that the signed-in layout (always loaded before any of them) and the accounts route are
 * loaded with them. The MUI parts they share with those two then stay inside the layout's and the
 * accounts route's chunks, instead of being split into a dozen slivers that /accounts/list would
 * load as extra files (about 2.5 kB gzip of its 250 kB budget). Nothing uses these exports.
 */
export { SignedInLayout } from './signed-in-layout';
export { AccountsRoute } from './accounts';
