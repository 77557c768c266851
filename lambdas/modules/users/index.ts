/** What other modules may use of users: nothing else of this folder. */
export { inviteUserIntoCompany } from './invites';
export { nameIn, userNames } from './people';
export { allUsersOf } from './store.dynamodb';
export { userPoolMail, type CustomMessageEvent } from './user-pool-mail';
