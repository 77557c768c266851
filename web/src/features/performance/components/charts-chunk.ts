// MUI X Charts is a chunk of its own: the figures and tables show while it loads. The route's
// prefetch starts loading it while the API call is in flight, and the screen's lazy takes the same
// promise, so the charts do not wait for the reply to be asked for.
let chartsChunk: Promise<typeof import('./performance-charts')> | null = null;
export const loadPerformanceCharts = () => (chartsChunk ??= import('./performance-charts'));
