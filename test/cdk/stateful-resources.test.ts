import { Stack } from 'aws-cdk-lib';
import { buildApp, resourcesOf } from './synth-app';

/**
 * What holds data keeps its identity: a changed logical id (a moved construct, a feature flag, a
 * library upgrade) makes CloudFormation create a new table, user pool, bucket or key and drop the
 * old one — every company's data, every user's sign-in. The list below is what the stages hold
 * today; a change to it must be a deliberate migration, never a side effect.
 */
const STATEFUL_TYPES = [
  'AWS::DynamoDB::Table',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::S3::Bucket',
  'AWS::KMS::Key',
  'AWS::SecretsManager::Secret',
];

const EXPECTED = {
  'Api/ContactConfirmationLinkKey05D47625': 'AWS::SecretsManager::Secret',
  'Api/ScheduledReportsUnsubscribeKey6E197A88': 'AWS::SecretsManager::Secret',
  'Stateful/AlarmsKey3C2381B3': 'AWS::KMS::Key',
  'Stateful/ConsoleClient4D43B885': 'AWS::Cognito::UserPoolClient',
  'Stateful/CreativesAccessLogs3C888EA5': 'AWS::S3::Bucket',
  'Stateful/CreativesBucketF3919F96': 'AWS::S3::Bucket',
  'Stateful/TableCD117FA1': 'AWS::DynamoDB::Table',
  'Stateful/UserPool6BA7E5F2': 'AWS::Cognito::UserPool',
  'Web/AccessLogs8B620ECA': 'AWS::S3::Bucket',
  'Web/ConsoleBucketA1BD9FF9': 'AWS::S3::Bucket',
};

const { app } = buildApp();
const stacks = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
const stageNames = [...new Set(stacks.map((s) => s.node.path.split('/')[0]))];

function statefulOf(stage: string) {
  const out: Record<string, { Type: string; DeletionPolicy?: string; Properties?: Record<string, any> }> = {};
  for (const stack of stacks.filter((s) => s.node.path.startsWith(`${stage}/`)))
    for (const [id, r] of Object.entries(resourcesOf(stack)))
      if (STATEFUL_TYPES.includes(r.Type)) out[`${stack.node.id}/${id}`] = r;
  return out;
}

it.each(stageNames)('%s keeps the logical ids of its table, pool, buckets, keys and secrets', (stage) => {
  const found = statefulOf(stage);
  expect(Object.fromEntries(Object.entries(found).map(([k, r]) => [k, r.Type]))).toEqual(EXPECTED);
  // What CloudFormation cannot change without a new table or pool.
  const table = found['Stateful/TableCD117FA1'].Properties!;
  expect(table.KeySchema).toEqual([
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ]);
  expect(table.GlobalSecondaryIndexes.map((g: { IndexName: string }) => g.IndexName)).toEqual(['gsi1', 'gsi2']);
  expect(found['Stateful/UserPool6BA7E5F2'].Properties!.UsernameAttributes).toEqual(['email']);
});

it('prod retains every one of them but the app client when its stack is deleted', () => {
  const found = statefulOf('prod');
  const notRetained = Object.entries(found)
    .filter(([, r]) => r.DeletionPolicy !== 'Retain')
    .map(([k]) => k);
  expect(notRetained).toEqual(['Stateful/ConsoleClient4D43B885']);
});
