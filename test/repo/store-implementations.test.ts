import type { CampaignStore } from '../../lambdas/modules/connectors/campaign-store';
import * as campaignsOnDynamo from '../../lambdas/modules/connectors/campaign-store.dynamodb';
import type { ConnectorStore } from '../../lambdas/modules/connectors/connector-store';
import * as connectorsOnDynamo from '../../lambdas/modules/connectors/connector-store.dynamodb';
import type { CsvImportStore } from '../../lambdas/modules/connectors/csv-import-store';
import * as csvImportsOnDynamo from '../../lambdas/modules/connectors/csv-import-store.dynamodb';
import type { SyncRequestStore } from '../../lambdas/modules/connectors/sync-request-store';
import * as syncRequestsOnDynamo from '../../lambdas/modules/connectors/sync-request-store.dynamodb';
import type { SyncRunStore } from '../../lambdas/modules/connectors/sync-run-store';
import * as syncRunsOnDynamo from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import type { ConfigurationStore } from '../../lambdas/modules/configurations/store';
import * as configurationsOnDynamo from '../../lambdas/modules/configurations/store.dynamodb';
import type { LogoStore } from '../../lambdas/modules/configurations/logo-store';
import * as logosOnDynamo from '../../lambdas/modules/configurations/logo-store.dynamodb';
import type { LogoFiles } from '../../lambdas/modules/configurations/logo-files';
import * as logoFilesOnS3 from '../../lambdas/modules/configurations/logo-files.s3';
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
import type { VendorStore } from '../../lambdas/modules/vendors/store';
import * as vendorsOnDynamo from '../../lambdas/modules/vendors/store.dynamodb';
import type { OrderStore } from '../../lambdas/modules/orders/store';
import * as ordersOnDynamo from '../../lambdas/modules/orders/store.dynamodb';
import type { VendorBillStore } from '../../lambdas/modules/vendor-bills/store';
import * as vendorBillsOnDynamo from '../../lambdas/modules/vendor-bills/store.dynamodb';
import type { BillFiles } from '../../lambdas/modules/vendor-bills/bill-files';
import * as billFilesOnS3 from '../../lambdas/modules/vendor-bills/bill-files.s3';
import type { ApprovalStore } from '../../lambdas/modules/approvals/store';
import * as approvalsOnDynamo from '../../lambdas/modules/approvals/store.dynamodb';
import type { NotificationStore } from '../../lambdas/modules/notifications/store';
import type { DigestStore } from '../../lambdas/modules/pacing-digest/store';
import * as digestOnDynamo from '../../lambdas/modules/pacing-digest/store.dynamodb';
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
import type { ActivityScheduleStore } from '../../lambdas/modules/activities/schedule-store';
import * as activityScheduleOnDynamo from '../../lambdas/modules/activities/schedule-store.dynamodb';
import type { MediaPlanStore } from '../../lambdas/modules/media-plans/store';
import { planStore } from '../../lambdas/modules/media-plans/store.dynamodb';
import type { GroupPromptStore } from '../../lambdas/modules/ai-analysis/group-prompt-store';
import * as groupPromptsOnDynamo from '../../lambdas/modules/ai-analysis/group-prompt-store.dynamodb';
import type { BillingStore } from '../../lambdas/modules/billing/store';
import * as billingOnDynamo from '../../lambdas/modules/billing/store.dynamodb';
import type { DashboardStore } from '../../lambdas/modules/dashboards/store';
import * as dashboardsOnDynamo from '../../lambdas/modules/dashboards/store.dynamodb';
import type { MonitoringStore } from '../../lambdas/modules/monitoring/store';
import * as monitoringOnDynamo from '../../lambdas/modules/monitoring/store.dynamodb';
import type { DailyStatStore } from '../../lambdas/modules/performance-data/daily-stat-store';
import * as dailyStatsOnDynamo from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { MonthSummaryStore } from '../../lambdas/modules/performance-data/month-summary-store';
import * as monthSummariesOnDynamo from '../../lambdas/modules/performance-data/month-summary-store.dynamodb';
import type { RollupReadStore } from '../../lambdas/modules/performance-data/rollup-read-store';
import * as rollupReadsOnDynamo from '../../lambdas/modules/performance-data/rollup-read-store.dynamodb';
import type { OutsideRecipientStore } from '../../lambdas/modules/reports/outside-recipient-store';
import * as outsideRecipientsOnDynamo from '../../lambdas/modules/reports/outside-recipient-store.dynamodb';
import type { ScheduleRunStore } from '../../lambdas/modules/reports/schedule-run-store';
import * as scheduleRunsOnDynamo from '../../lambdas/modules/reports/schedule-run-store.dynamodb';
import type { ScheduleStore } from '../../lambdas/modules/reports/schedule-store';
import * as schedulesOnDynamo from '../../lambdas/modules/reports/schedule-store.dynamodb';
import type { UnsubscribeKeyStore } from '../../lambdas/modules/reports/unsubscribe-key-store';
import * as unsubscribeKeyInSecretsManager from '../../lambdas/modules/reports/unsubscribe-key-store.secrets-manager';

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
const LOGO_STORE: LogoStore = logosOnDynamo;
// The logos' bytes: logo-files.s3.ts implements its interface as one object, on S3.
const LOGO_FILES: LogoFiles = logoFilesOnS3.logoFiles;
const ACCOUNT_NAME_STORE: AccountNameStore = accountNamesOnDynamo;
const ACCOUNT_STORE: AccountStore = accountsOnDynamo;
const COMPANY_STORE: CompanyStore = companiesOnDynamo;
const PROFILE_STORE: ProfileStore = profilesOnDynamo;
const USER_STORE: UserStore = usersOnDynamo;
const PEOPLE_STORE: PeopleStore = peopleOnDynamo;
const CHANNEL_TYPE_STORE: ChannelTypeStore = channelTypesOnDynamo;
const ACCOUNT_CHANNEL_TYPE_STORE: AccountChannelTypeStore = accountChannelTypesOnDynamo;
const TEMPLATE_STORE: TemplateStore = templatesOnDynamo;
const VENDOR_STORE: VendorStore = vendorsOnDynamo;
const ORDER_STORE: OrderStore = ordersOnDynamo;
const VENDOR_BILL_STORE: VendorBillStore = vendorBillsOnDynamo;
const BILL_FILES: BillFiles = billFilesOnS3.billFiles;
const APPROVAL_STORE: ApprovalStore = approvalsOnDynamo;
const NOTIFICATION_STORE: NotificationStore = notificationsOnDynamo;
const DIGEST_STORE: DigestStore = digestOnDynamo;
const AUDIT_STORE: AuditStore = auditOnDynamo;
const HISTORY_STORE: HistoryStore = historyOnDynamo;
const CRASH_REPORT_STORE: CrashReportStore = crashReportsOnDynamo;
const CREATIVE_STORE: CreativeStore = creativesOnDynamo;
// The creatives bucket: file-store.s3.ts implements its interface as one object, on S3.
const CREATIVE_FILES: CreativeFiles = creativeFilesOnS3.creativeFiles;
const ACTIVITY_STORE: ActivityStore = activitiesOnDynamo;
const ACTIVITY_SCHEDULE_STORE: ActivityScheduleStore = activityScheduleOnDynamo;
const PLAN_STORE: MediaPlanStore = planStore;
const CAMPAIGN_STORE: CampaignStore = campaignsOnDynamo;
const CONNECTOR_STORE: ConnectorStore = connectorsOnDynamo;
const CSV_IMPORT_STORE: CsvImportStore = csvImportsOnDynamo;
const SYNC_REQUEST_STORE: SyncRequestStore = syncRequestsOnDynamo;
const SYNC_RUN_STORE: SyncRunStore = syncRunsOnDynamo;
const GROUP_PROMPT_STORE: GroupPromptStore = groupPromptsOnDynamo;
const BILLING_STORE: BillingStore = billingOnDynamo;
const DASHBOARD_STORE: DashboardStore = dashboardsOnDynamo;
const MONITORING_STORE: MonitoringStore = monitoringOnDynamo;
const DAILY_STAT_STORE: DailyStatStore = dailyStatsOnDynamo;
const MONTH_SUMMARY_STORE: MonthSummaryStore = monthSummariesOnDynamo;
const ROLLUP_READ_STORE: RollupReadStore = rollupReadsOnDynamo;
const OUTSIDE_RECIPIENT_STORE: OutsideRecipientStore = outsideRecipientsOnDynamo;
const SCHEDULE_RUN_STORE: ScheduleRunStore = scheduleRunsOnDynamo;
const SCHEDULE_STORE: ScheduleStore = schedulesOnDynamo;
const UNSUBSCRIBE_KEY_STORE: UnsubscribeKeyStore = unsubscribeKeyInSecretsManager;

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
  ['company logos', LOGO_STORE, everyKey<LogoStore>()(['readLogoRef', 'recordLogo'])],
  ['company logo files', LOGO_FILES, everyKey<LogoFiles>()(['put', 'read', 'remove'])],
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
    everyKey<ChannelTypeStore>()([
      'getChannelType',
      'listChannelTypes',
      'insertChannelType',
      'replaceChannelType',
      'companyDefaultVendors',
      'companyDefaultVendorWrites',
    ]),
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
    'vendors',
    VENDOR_STORE,
    everyKey<VendorStore>()(['getVendor', 'listVendors', 'vendorOfPlatform', 'insertVendor', 'replaceVendor']),
  ],
  [
    'orders',
    ORDER_STORE,
    everyKey<OrderStore>()(['getOrder', 'getOrderOf', 'listOrders', 'insertOrder', 'replaceOrder']),
  ],
  [
    'vendor bills',
    VENDOR_BILL_STORE,
    everyKey<VendorBillStore>()([
      'getBill',
      'billWithRef',
      'allBillRows',
      'billRowsPage',
      'payablesCounters',
      'openRowsDueIn',
      'writeBill',
    ]),
  ],
  ['bill files', BILL_FILES, everyKey<BillFiles>()(['uploadForm', 'uploaded', 'keep', 'discard', 'viewUrl'])],
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
  ['activity schedule', ACTIVITY_SCHEDULE_STORE, everyKey<ActivityScheduleStore>()(['activitiesToSchedule'])],
  [
    'media plans',
    PLAN_STORE,
    everyKey<MediaPlanStore>()([
      'header',
      'versionWithLines',
      'versions',
      'plan',
      'line',
      'lineVersionId',
      'lineWithHeader',
      'activity',
      'account',
      'channelTypeCopies',
      'vendor',
      'companyDefaultVendor',
      'platformVendor',
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
  [
    'connectors campaigns',
    CAMPAIGN_STORE,
    everyKey<CampaignStore>()([
      'getCampaignById',
      'listCampaigns',
      'upsertDiscoveredCampaign',
      'setRuleLineIds',
      'replaceCampaignMapping',
      'clearHistoryMoving',
    ]),
  ],
  [
    'connectors',
    CONNECTOR_STORE,
    everyKey<ConnectorStore>()([
      'listGlobalConnectorOverrides',
      'putGlobalConnectorOverride',
      'getAgentConnector',
      'listAgentConnectors',
      'insertAgentConnector',
      'replaceAgentConnector',
      'recordAgentConnectorHealth',
      'getAccountConnector',
      'listAccountConnectors',
      'listExternalLinks',
      'linkedElsewhere',
      'writeAccountConnector',
    ]),
  ],
  [
    'connectors CSV import runs',
    CSV_IMPORT_STORE,
    everyKey<CsvImportStore>()(['createCsvImportRun', 'putCsvImportRun', 'getCsvImportRun', 'deleteCsvImportRun']),
  ],
  [
    'connectors sync requests',
    SYNC_REQUEST_STORE,
    everyKey<SyncRequestStore>()(['getSyncRequest', 'putSyncRequest', 'deleteSyncRequest', 'syncRunsSince']),
  ],
  ['connectors sync runs', SYNC_RUN_STORE, everyKey<SyncRunStore>()(['putSyncRun', 'getSyncState', 'putSyncState'])],
  [
    'ai-analysis group prompts',
    GROUP_PROMPT_STORE,
    everyKey<GroupPromptStore>()(['listGroupPrompts', 'putGroupPrompts']),
  ],
  [
    'billing',
    BILLING_STORE,
    everyKey<BillingStore>()(['getFinalStatement', 'putFinalStatement', 'deleteFinalStatement']),
  ],
  ['dashboards', DASHBOARD_STORE, everyKey<DashboardStore>()(['liveActivitiesWithOwner'])],
  [
    'monitoring',
    MONITORING_STORE,
    everyKey<MonitoringStore>()([
      'listSyncStates',
      'latestRunsOf',
      'syncRunsPage',
      'listLiveActivities',
      'platformsWithData',
      'readUnmappedStats',
    ]),
  ],
  ['performance-data daily stats', DAILY_STAT_STORE, everyKey<DailyStatStore>()(['statItem', 'readStats'])],
  [
    'performance-data month summaries',
    MONTH_SUMMARY_STORE,
    everyKey<MonthSummaryStore>()(['refreshMonthSummaries', 'readMonthSummary', 'readMonthSummaryItems']),
  ],
  [
    'performance-data rollup reads',
    ROLLUP_READ_STORE,
    everyKey<RollupReadStore>()(['readLineRollup', 'readActivityRollup', 'readAccountRollup']),
  ],
  [
    'reports outside recipients',
    OUTSIDE_RECIPIENT_STORE,
    everyKey<OutsideRecipientStore>()([
      'listOutsideRecipients',
      'addPendingRecipient',
      'claimConfirmationMail',
      'oweConfirmationAgain',
      'confirmRecipient',
      'takeOutsideMail',
    ]),
  ],
  [
    'reports schedule runs',
    SCHEDULE_RUN_STORE,
    everyKey<ScheduleRunStore>()(['listDue', 'claimSchedule', 'claimRetry', 'putRetry', 'recordSend', 'listSends']),
  ],
  [
    'reports schedules',
    SCHEDULE_STORE,
    everyKey<ScheduleStore>()(['getSchedule', 'listSchedules', 'insertSchedule', 'replaceSchedule', 'removeRecipient']),
  ],
  ['reports unsubscribe key', UNSUBSCRIBE_KEY_STORE, everyKey<UnsubscribeKeyStore>()(['unsubscribeKey'])],
  [
    'pacing digest',
    DIGEST_STORE,
    everyKey<DigestStore>()(['getSetting', 'listSettings', 'saveSetting', 'claimDigest']),
  ],
];

describe('each DynamoDB store implements its module store interface', () => {
  it.each(cases)('%s', (_module, store, keys) => {
    for (const key of keys) expect(typeof (store as Record<PropertyKey, unknown>)[key]).toBe('function');
  });
});
