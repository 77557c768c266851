import { rmSync } from 'node:fs';

/**
 * jest globalTeardown: stops what global-setup.ts started (no orphan JVM) and removes the temp data.
 * The stream poller and its settle endpoint go first: they read from DynamoDB Local.
 */
export default async function globalTeardown(): Promise<void> {
  const engines = globalThis.__MIXDESK_ENGINES__;
  if (!engines) return;
  globalThis.__MIXDESK_ENGINES__ = undefined;
  const server = engines.settleServer;
  if (server) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  await Promise.all([engines.streams?.stop(), engines.notifyStreams?.stop()]);
  await Promise.all([engines.dynamo?.stop(), engines.cognito?.stop()]);
  rmSync(engines.cognitoDir, { recursive: true, force: true });
}
