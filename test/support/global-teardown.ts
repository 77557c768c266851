import { rmSync } from 'node:fs';

/** jest globalTeardown: stops the engines global-setup.ts started (no orphan JVM) and removes the temp data. */
export default async function globalTeardown(): Promise<void> {
  const engines = globalThis.__MIXDESK_ENGINES__;
  if (!engines) return;
  globalThis.__MIXDESK_ENGINES__ = undefined;
  await Promise.all([engines.dynamo?.stop(), engines.cognito?.stop()]);
  rmSync(engines.cognitoDir, { recursive: true, force: true });
}
