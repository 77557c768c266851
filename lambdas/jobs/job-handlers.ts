/**
 * The Lambda handlers run on a schedule (EventBridge Scheduler), named like routes (service + method
 * → `lambdas/jobs/<kebab-method>.ts` by manifest.handlerFile), so the function construct, the bundle
 * bench and the tests find their files the same way.
 */
export const ACTIVITY_SCHEDULE_HANDLER = {
  service: 'Jobs',
  method: 'ActivitySchedule',
  summary:
    'Moves activities along their lifecycle by their plan and the company day (Planned, Live, Completed), hourly',
} as const;

/** Scheduled reports by e-mail (modules/reports/schedule-runs.ts): lambdas/jobs/report-schedules.ts. */
export const REPORT_SCHEDULES_HANDLER = {
  service: 'Jobs',
  method: 'ReportSchedules',
  summary:
    "Sends the scheduled reports that are due (and retries failed sends), hourly: claimed one by one, built with the creator's permissions, mailed with the Excel file",
} as const;

/**
 * The unsubscribe link of scheduled report mails: `GET /unsubscribe?t=<token>`, outside
 * the route manifest and without the JWT authorizer (the signed token is the authority):
 * lambdas/public/unsubscribe.ts.
 */
export const UNSUBSCRIBE_HANDLER = {
  service: 'Public',
  method: 'Unsubscribe',
  summary:
    'GET /unsubscribe?t=<token>: removes the one address the HMAC-signed token names from the one scheduled report it names, and answers a small HTML page; /confirm-recipient?t=<token>: GET asks, POST confirms the outside address the token names',
} as const;

/**
 * The user pool's CustomMessage trigger (modules/users/user-pool-mail.ts): the invitation and the
 * password-reset code mails in the recipient's language. lambdas/jobs/user-pool-mail.ts.
 */
export const USER_POOL_MAIL_HANDLER = {
  service: 'Jobs',
  method: 'UserPoolMail',
  summary:
    "The user pool's CustomMessage trigger: writes the invitation (in the company's language, naming it) and the password-reset code mail (in the console's language)",
} as const;

/** The outside recipients' confirmation link, served by the unsubscribe handler (GET asks, POST confirms). */
export const CONFIRM_RECIPIENT_PATH = '/confirm-recipient';

/** CSV imports over CSV_INLINE_MAX_ROWS rows (modules/connectors/csv-import-run.ts): lambdas/jobs/csv-import-worker.ts. */
export const CSV_IMPORT_WORKER_HANDLER = {
  service: 'Jobs',
  method: 'CsvImportWorker',
  summary:
    "Writes one queued CSV import per SQS message (a checked file over the import call's row threshold), recording its progress and end on the run",
} as const;

/** The CSV import job's dead-letter queue: ends the run of each given-up job (lambdas/jobs/csv-import-dead-letters.ts). */
export const CSV_IMPORT_DEAD_LETTERS_HANDLER = {
  service: 'Jobs',
  method: 'CsvImportDeadLetters',
  summary:
    'Ends in Error the run of each CSV import whose message the queue gave up (its worker failed, died or ran out of time on every delivery)',
} as const;

/**
 * A vendor contact's confirmation link (modules/vendors/contact-confirmation.ts): `GET|POST
 * /confirm-contact?t=<token>`, outside the route manifest and without the JWT authorizer (the signed
 * token is the authority): lambdas/public/confirm-contact.ts. GET asks, POST confirms.
 */
export const CONFIRM_CONTACT_HANDLER = {
  service: 'Public',
  method: 'ConfirmContact',
  summary:
    'GET|POST /confirm-contact?t=<token>: GET asks, POST marks Confirmed the one vendor contact address the signed token names, and answers a small HTML page',
} as const;

/** The public path of the vendor contacts' confirmation page (CONFIRM_CONTACT_HANDLER). */
export const CONFIRM_CONTACT_PATH = '/confirm-contact';

/** The pacing digest (modules/pacing-digest/digest-runs.ts): lambdas/jobs/pacing-digest.ts. */
export const PACING_DIGEST_HANDLER = {
  service: 'Jobs',
  method: 'PacingDigest',
  summary:
    "Mails each user whose pacing digest is due (daily or Monday, the company's morning) the live activities they own or approved that pace outside their thresholds, and puts the same alerts under the bell; hourly, each user and period claimed once",
} as const;

/**
 * The pacing digest's one-click unsubscribe: `GET /digest-unsubscribe?t=<token>`, outside the route
 * manifest and without the JWT authorizer (the signed link is the authority):
 * lambdas/public/pacing-digest-unsubscribe.ts.
 */
export const PACING_DIGEST_UNSUBSCRIBE_HANDLER = {
  service: 'Public',
  method: 'PacingDigestUnsubscribe',
  summary:
    "GET /digest-unsubscribe?t=<token>: turns off the pacing digest of the one user the signed link names, and answers a small HTML page in the user's language",
} as const;

/** The public path of the pacing digest's unsubscribe page (PACING_DIGEST_UNSUBSCRIBE_HANDLER). */
export const PACING_DIGEST_UNSUBSCRIBE_PATH = '/digest-unsubscribe';

/** A company's data export or deletion (modules/company-data/job-run.ts): lambdas/jobs/company-data-worker.ts. */
export const COMPANY_DATA_WORKER_HANDLER = {
  service: 'Jobs',
  method: 'CompanyDataWorker',
  summary:
    "Runs one company data job per SQS message: the export of a company's items and plan files into one zip, or the deletion of every item, file and pool user of a company",
} as const;

/** The company data job's dead-letter queue: ends each given-up job in Error (lambdas/jobs/company-data-dead-letters.ts). */
export const COMPANY_DATA_DEAD_LETTERS_HANDLER = {
  service: 'Jobs',
  method: 'CompanyDataDeadLetters',
  summary: 'Ends in Error each company export or deletion whose message the queue gave up',
} as const;
