import { userPoolMail, type CustomMessageEvent } from '../../lambdas/modules/users/user-pool-mail';

/** An invitation the local user-pool front kept, and the e-mail Cognito would send for it. */

export interface Invitation {
  At: string;
  UserPoolId: string;
  Email: string;
  Name: string;
  TemporaryPassword: string;
  Sub: string;
}

/** The request's ClientMetadata, strings only. */
export const clientMetadataOf = (v: unknown): Record<string, string> | null =>
  v && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : null;

const decodeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/**
 * The invitation e-mail, as the stage's user pool sends it: written by its CustomMessage trigger
 * (modules/users/user-pool-mail.ts) from the request's ClientMetadata (language, company), the
 * pool's placeholders filled; locally, the console's address under it.
 */
export function invitationMail(i: Invitation, metadata?: Record<string, string> | null, consoleUrl?: string) {
  const { response } = userPoolMail<CustomMessageEvent>({
    triggerSource: 'CustomMessage_AdminCreateUser',
    request: {
      userAttributes: { email: i.Email, name: i.Name },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      clientMetadata: metadata ?? null,
    },
    response: {},
  });
  const fill = (s: string) => s.split('{username}').join(i.Email).split('{####}').join(i.TemporaryPassword);
  const html = fill(response.emailMessage ?? '');
  const text = decodeHtml(
    html
      .replace(/<br>/g, '\n')
      .replace(/<\/p>/g, '\n\n')
      .replace(/<[^>]*>/g, ''),
  ).trim();
  return {
    to: i.Email,
    subject: response.emailSubject ?? 'Your Mixdesk invitation',
    text: consoleUrl ? `${text}\n\n${consoleUrl}` : text,
    html,
  };
}
