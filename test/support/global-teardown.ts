import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/**
 * jest globalTeardown: stops what global-setup.ts started (no orphan JVM) and removes the temp data.
 * The stream hosts go first: they read from DynamoDB Local.
 */
export default async function globalTeardown(): Promise<void> {
  const engines = globalThis.__MIXDESK_ENGINES__;
  if (!engines) return;
  globalThis.__MIXDESK_ENGINES__ = undefined;
  await Promise.all(engines.streamHosts.map(stopHost));
  await Promise.all([...engines.dynamos.map((d) => d.stop()), engines.cognito?.stop()]);
  rmSync(engines.cognitoDir, { recursive: true, force: true });
}

/** Closing its standard input stops a stream host; a host that does not go within 5 s is killed. */
function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin?.end();
  });
}
