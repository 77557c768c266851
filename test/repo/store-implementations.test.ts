import type { ConfigurationStore } from '../../lambdas/modules/configurations/store';
import * as configurationsOnDynamo from '../../lambdas/modules/configurations/store.dynamodb';
import type { CustomColumnStore } from '../../lambdas/modules/custom-columns/store';
import * as customColumnsOnDynamo from '../../lambdas/modules/custom-columns/store.dynamodb';
import type { RateStore } from '../../lambdas/modules/exchange-rates/store';
import * as ratesOnDynamo from '../../lambdas/modules/exchange-rates/store.dynamodb';
import type { MediaPlanStore } from '../../lambdas/modules/media-plans/store';
import { planStore } from '../../lambdas/modules/media-plans/store.dynamodb';

/**
 * A module's store.ts is the interface its rules need and store.dynamodb.ts implements it. The
 * assignments below are the check: a method renamed, dropped or given another signature on either
 * side is a type error in `npm run typecheck`. The test proves at run time that each method the
 * interface names is a function of the implementation (every key listed, checked by its type). The
 * media plans' implementation is one object (`planStore`), the others the module's exports.
 */

/** Every key of T, exactly once: a key missing from or foreign to the list is a type error. */
const everyKey =
  <T>() =>
  <const K extends readonly (keyof T)[]>(keys: K & ([keyof T] extends [K[number]] ? unknown : never)): K =>
    keys;

const RATE_STORE: RateStore = ratesOnDynamo;
const CUSTOM_COLUMN_STORE: CustomColumnStore = customColumnsOnDynamo;
const CONFIGURATION_STORE: ConfigurationStore = configurationsOnDynamo;
const PLAN_STORE: MediaPlanStore = planStore;

const cases: [string, object, readonly PropertyKey[]][] = [
  [
    'exchange rates',
    RATE_STORE,
    everyKey<RateStore>()([
      'getRate',
      'latestRateOnOrBefore',
      'listRates',
      'ratesOfPair',
      'saveRate',
      'archiveRate',
      'writeRateImport',
    ]),
  ],
  [
    'custom columns',
    CUSTOM_COLUMN_STORE,
    everyKey<CustomColumnStore>()([
      'getCustomColumn',
      'listCustomColumns',
      'insertCustomColumn',
      'replaceCustomColumn',
    ]),
  ],
  ['configurations', CONFIGURATION_STORE, everyKey<ConfigurationStore>()(['getConfigurationItem', 'putConfiguration'])],
  [
    'media plans',
    PLAN_STORE,
    everyKey<MediaPlanStore>()([
      'header',
      'mixWithLines',
      'versions',
      'plan',
      'line',
      'lineMixId',
      'lineWithHeader',
      'activity',
      'account',
      'channelTypeCopies',
      'newIds',
      'createPlan',
      'copyVersion',
      'renameDraft',
      'submitVersion',
      'approveVersion',
      'rejectVersion',
      'answerAsClient',
      'lockLines',
      'saveLineEdit',
      'updateLineInOneWrite',
      'applyTemplate',
    ]),
  ],
];

describe('each DynamoDB store implements its module store interface', () => {
  it.each(cases)('%s', (_module, store, keys) => {
    for (const key of keys) expect(typeof (store as Record<PropertyKey, unknown>)[key]).toBe('function');
  });
});
