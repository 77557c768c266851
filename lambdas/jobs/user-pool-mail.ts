import { jobHandler } from '../kit/job-handler';
import { userPoolMail, type CustomMessageEvent } from '../modules/users';
import { USER_POOL_MAIL_HANDLER } from './job-handlers';

/** Cognito's CustomMessage trigger: the event back with the mail's subject and body in the recipient's language. */
export const handler = jobHandler(USER_POOL_MAIL_HANDLER, async (event: CustomMessageEvent) => userPoolMail(event));
