import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Stack, Stage } from 'aws-cdk-lib';
import { buildApp, templateFileOf } from './synth-app';

/**
 * The three-stage app synthesized once for the whole jest run (global-setup.ts starts this in the
 * background): every stack's template is written to `<dir>/<stack path>.json`, the synthesized
 * cloud assembly's directory (with cdk-nag's validation report) to `<dir>/assembly.txt`, and
 * `<dir>/done` last. A synth that throws (cdk-nag reports an error) writes `<dir>/error` instead.
 *
 *   tsx test/cdk/synth-once.ts <dir>
 */
function main(dir: string): void {
  mkdirSync(dir, { recursive: true });
  try {
    const { app } = buildApp(undefined, path.join(dir, 'assembly'));
    const assembly = app.synth();
    for (const stack of app.node.findAll().filter((c): c is Stack => Stack.isStack(c))) {
      const stage = Stage.of(stack)!;
      const template = stage.synth().getStackArtifact(stack.artifactId).template;
      writeFileSync(templateFileOf(dir, stack.node.path), JSON.stringify(template));
    }
    writeFileSync(path.join(dir, 'assembly.txt'), assembly.directory);
    writeFileSync(path.join(dir, 'done'), '');
  } catch (err) {
    writeFileSync(path.join(dir, 'error'), (err as Error).stack ?? String(err));
  }
}

if (require.main === module) main(process.argv[2]);
