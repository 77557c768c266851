import type { ConfigurationStore } from '../../lambdas/modules/configurations/store';
import * as configurationsOnDynamo from '../../lambdas/modules/configurations/store.dynamodb';
import type { CustomColumnStore } from '../../lambdas/modules/custom-columns/store';
import * as customColumnsOnDynamo from '../../lambdas/modules/custom-columns/store.dynamodb';
import type { RateStore } from '../../lambdas/modules/exchange-rates/store';
import * as ratesOnDynamo from '../../lambdas/modules/exchange-rates/store.dynamodb';
import type { AccountNameStore } from '../../lambdas/modules/tenancy/account-name-store';
import * as accountNamesOnDynamo from '../../lambdas/modules/tenancy/account-name-store.dynamodb';
import type { AccountStore } from '../../lambdas/modules/tenancy/account-store';
import * as accountsOnDynamo from '../../lambdas/modules/tenancy/account-store.dynamodb';
import type { CompanyStore } from '../../lambdas/modules/tenancy/company-store';
import * as companiesOnDynamo from '../../lambdas/modules/tenancy/company-store.dynamodb';
import type { ProfileStore } from '../../lambdas/modules/tenancy/profile-store';
import * as profilesOnDynamo from '../../lambdas/modules/tenancy/profile-store.dynamodb';
import type { UserStore } from '../../lambdas/modules/users/store';
import * as usersOnDynamo from '../../lambdas/modules/users/store.dynamodb';
import type { PeopleStore } from '../../lambdas/modules/users/people-store';
import * as peopleOnDynamo from '../../lambdas/modules/users/people-store.dynamodb';
import type { ChannelTypeStore } from '../../lambdas/modules/channel-types/channel-type-store';
import * as channelTypesOnDynamo from '../../lambdas/modules/channel-types/channel-type-store.dynamodb';
import type { AccountChannelTypeStore } from '../../lambdas/modules/channel-types/account-channel-type-store';
import * as accountChannelTypesOnDynamo from '../../lambdas/modules/channel-types/account-channel-type-store.dynamodb';
import type { TemplateStore } from '../../lambdas/modules/templates/store';
import * as templatesOnDynamo from '../../lambdas/modules/templates/store.dynamodb';
import type { ApprovalStore } from '../../lambdas/modules/approvals/store';
import * as approvalsOnDynamo from '../../lambdas/modules/approvals/store.dynamodb';
import type { NotificationStore } from '../../lambdas/modules/notifications/store';
import * as notificationsOnDynamo from '../../lambdas/modules/notifications/store.dynamodb';
import type { AuditStore } from '../../lambdas/modules/audit/store';
import * as auditOnDynamo from '../../lambdas/modules/audit/store.dynamodb';
import type { HistoryStore } from '../../lambdas/modules/history/store';
import * as historyOnDynamo from '../../lambdas/modules/history/store.dynamodb';
import type { CrashReportStore } from '../../lambdas/modules/crash-reports/store';
import * as crashReportsOnDynamo from '../../lambdas/modules/crash-reports/store.dynamodb';
import type { CreativeStore } from '../../lambdas/modules/creatives/store';
import * as creativesOnDynamo from '../../lambdas/modules/creatives/store.dynamodb';
import type { CreativeFiles } from '../../lambdas/modules/creatives/file-store';
import * as creativeFilesOnS3 from '../../lambdas/modules/creatives/file-store.s3';
import type { ActivityStore } from '../../lambdas/modules/activities/store';
import * as activitiesOnDynamo from '../../lambdas/modules/activities/store.dynamodb';
import type { ScheduleStore } from '../../lambdas/modules/activities/schedule-store';
import * as scheduleOnDynamo from '../../lambdas/modules/activities/schedule-store.dynamodb';
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
const ACCOUNT_NAME_STORE: AccountNameStore = accountNamesOnDynamo;
const ACCOUNT_STORE: AccountStore = accountsOnDynamo;
const COMPANY_STORE: CompanyStore = companiesOnDynamo;
const PROFILE_STORE: ProfileStore = profilesOnDynamo;
const USER_STORE: UserStore = usersOnDynamo;
const PEOPLE_STORE: PeopleStore = peopleOnDynamo;
const CHANNEL_TYPE_STORE: ChannelTypeStore = channelTypesOnDynamo;
const ACCOUNT_CHANNEL_TYPE_STORE: AccountChannelTypeStore = accountChannelTypesOnDynamo;
const TEMPLATE_STORE: TemplateStore = templatesOnDynamo;
const APPROVAL_STORE: ApprovalStore = approvalsOnDynamo;
const NOTIFICATION_STORE: NotificationStore = notificationsOnDynamo;
const AUDIT_STORE: AuditStore = auditOnDynamo;
const HISTORY_STORE: HistoryStore = historyOnDynamo;
const CRASH_REPORT_STORE: CrashReportStore = crashReportsOnDynamo;
const CREATIVE_STORE: CreativeStore = creativesOnDynamo;
// The creatives bucket: file-store.s3.ts implements its interface as one object, on S3.
const CREATIVE_FILES: CreativeFiles = creativeFilesOnS3.creativeFiles;
const ACTIVITY_STORE: ActivityStore = activitiesOnDynamo;
const SCHEDULE_STORE: ScheduleStore = scheduleOnDynamo;
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
  ['account names', ACCOUNT_NAME_STORE, everyKey<AccountNameStore>()(['nameClaimKey', 'nameClaimWrites'])],
  [
    'accounts',
    ACCOUNT_STORE,
    everyKey<AccountStore>()([
      'getAccount',
      'getAccounts',
      'getAccountRows',
      'listAccountsByParent',
      'listAccountRowsByParent',
      'listAllSubAccounts',
      'getNameClaim',
      'insertAccount',
      'replaceAccounts',
    ]),
  ],
  [
    'companies',
    COMPANY_STORE,
    everyKey<CompanyStore>()([
      'getCompany',
      'createCompany',
      'listCompanyIds',
      'listCompanies',
      'companyCounts',
      'newCompanyWrites',
    ]),
  ],
  [
    'profiles',
    PROFILE_STORE,
    everyKey<ProfileStore>()([
      'getIdentity',
      'profileItem',
      'identityItem',
      'getProfile',
      'getProfileBySub',
      'createProfile',
      'recordLogin',
      'toProfile',
    ]),
  ],
  [
    'users',
    USER_STORE,
    everyKey<UserStore>()([
      'listUsers',
      'allUsersOf',
      'reserveInvite',
      'releaseInvite',
      'completeInvite',
      'saveUserChange',
      'userAuditEntries',
      'backfillUserListEntry',
    ]),
  ],
  ['people', PEOPLE_STORE, everyKey<PeopleStore>()(['userNamesOf'])],
  [
    'channel types',
    CHANNEL_TYPE_STORE,
    everyKey<ChannelTypeStore>()(['getChannelType', 'listChannelTypes', 'insertChannelType', 'replaceChannelType']),
  ],
  [
    'account channel types',
    ACCOUNT_CHANNEL_TYPE_STORE,
    everyKey<AccountChannelTypeStore>()([
      'listAccountChannelTypes',
      'insertAccountChannelTypes',
      'replaceAccountChannelTypes',
    ]),
  ],
  [
    'templates',
    TEMPLATE_STORE,
    everyKey<TemplateStore>()(['getTemplate', 'listTemplates', 'insertTemplate', 'replaceTemplate']),
  ],
  [
    'approvals',
    APPROVAL_STORE,
    everyKey<ApprovalStore>()([
      'listSubmittedVersions',
      'countSubmittedVersions',
      'listSubmittedVersionsOf',
      'listAuthorVersions',
      'getActivitiesByIds',
    ]),
  ],
  [
    'notifications',
    NOTIFICATION_STORE,
    everyKey<NotificationStore>()([
      'putNotificationOnce',
      'markMailed',
      'listNotifications',
      'countUnread',
      'unreadIds',
      'markRead',
      'listCompanyUsers',
    ]),
  ],
  ['audit', AUDIT_STORE, everyKey<AuditStore>()(['auditPut', 'putStreamAuditOnce'])],
  ['history', HISTORY_STORE, everyKey<HistoryStore>()(['listAuditEntries'])],
  ['crash reports', CRASH_REPORT_STORE, everyKey<CrashReportStore>()(['putCrashReport'])],
  [
    'creatives',
    CREATIVE_STORE,
    everyKey<CreativeStore>()(['getCreative', 'listLineCreatives', 'putPendingCreative', 'saveCreativeLineChange']),
  ],
  [
    'creative files',
    CREATIVE_FILES,
    everyKey<CreativeFiles>()(['uploadForm', 'uploadedContent', 'keep', 'discardUpload', 'discardKept', 'viewUrl']),
  ],
  [
    'activities',
    ACTIVITY_STORE,
    everyKey<ActivityStore>()([
      'getActivity',
      'listActivitiesOfMain',
      'earliestActivityStart',
      'activityTotalsOfMain',
      'activityTotalsOfCompany',
      'writeActivity',
    ]),
  ],
  ['activity schedule', SCHEDULE_STORE, everyKey<ScheduleStore>()(['activitiesToSchedule'])],
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
