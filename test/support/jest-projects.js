/**
 * Which jest project a test file belongs to (jest.config.js), so each project starts only what its
 * suites need:
 *
 * - `web`: the console (web/src), each file choosing jsdom or node in its docblock;
 * - `cdk`: the CDK app's templates (test/cdk, and any suite that builds the app through
 *   test/cdk/synth-app.ts);
 * - `integration`: suites on the run's engines (DynamoDB Local, cognito-local, the local S3, SES
 *   and Secrets Manager servers): any suite under test/ that uses, itself or through the test
 *   helpers it imports, the engine helpers of test/support, the repositories or the local stack;
 * - `unit`: every other suite under test/ (pure rules, codecs, the platform clients against their
 *   fakes, the bundle checks): no engine is started for them.
 *
 * A suite put in `unit` that does reach DynamoDB fails loudly (no endpoint, no table), never silently.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const USES_ENGINES =
  /SECRETS_MANAGER_ENDPOINT|support\/(world|engines|streams|route-fixtures|command-gates|media-plans|creatives|write-journal|fixtures)|MIXDESK_TEST_|lambdas\/repositories\/|lambdas\/aws\/(?!sdk-stubs|lambda-credentials)|store\.dynamodb|local\/(start|api-server|stream-poller|dynamo-local|cognito-local)|ddb\(\)/;
const USES_CDK = /cdk\/synth-app|from 'aws-cdk-lib'/;

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** A file's text with the text of the test helpers it imports (relative imports under test/), recursively. */
function textWithHelpers(file, seen = new Set()) {
  if (seen.has(file)) return '';
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  const helpers = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((m) => path.resolve(path.dirname(file), m[1]))
    .filter((p) => p.startsWith(path.join(ROOT, 'test') + path.sep))
    .flatMap((p) =>
      ['.ts', '.tsx', '/index.ts']
        .map((ext) => p + ext)
        .filter((f) => fs.existsSync(f))
        .slice(0, 1),
    );
  return [text, ...helpers.map((h) => textWithHelpers(h, seen))].join('\n');
}

/** The test files under test/ of each backend project, as absolute paths. */
function backendProjects() {
  const groups = { cdk: [], integration: [], unit: [] };
  for (const file of testFiles(path.join(ROOT, 'test'))) {
    const text = textWithHelpers(file);
    if (file.includes(`${path.sep}test${path.sep}cdk${path.sep}`) || USES_CDK.test(text)) groups.cdk.push(file);
    else if (USES_ENGINES.test(text)) groups.integration.push(file);
    else groups.unit.push(file);
  }
  return groups;
}

module.exports = { backendProjects };
