import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import type { NewPoolUser, UserPoolAdmin } from '../../lambdas/aws/user-pool-admin';
import { handler } from '../../lambdas/jobs/user-pool-mail';
import { inviteUserIntoCompany } from '../../lambdas/modules/users/invites';
import { userPoolMail, type CustomMessageEvent } from '../../lambdas/modules/users/user-pool-mail';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { LOCALES } from '../../lambdas/shared/locales';
import { makeCompany } from '../support/world';

/**
 * The user pool's mails in the reader's language (docs/users.md "Invitations"): the CustomMessage
 * trigger writes the invitation in the language and with the company the invitation names, and the
 * password-reset code in the language the console asks in; each keeps the pool's placeholders, sets
 * `lang` (Hebrew right to left), and leaves every other message to the pool. An invitation names
 * its company's DefaultLocale and name.
 */
const event = (
  triggerSource: string,
  clientMetadata: Record<string, string> | null,
  name = 'Dana <b>Levi</b>',
): CustomMessageEvent => ({
  triggerSource,
  request: {
    userAttributes: { email: 'dana@agency.test', name },
    codeParameter: '{####}',
    usernameParameter: '{username}',
    clientMetadata,
  },
  response: { emailSubject: null, emailMessage: null, smsMessage: null },
});

const SUBJECTS = {
  he: 'Acme Media מזמינה אותך ל-Mixdesk',
  en: 'Acme Media invites you to Mixdesk',
  fr: 'Acme Media vous invite sur Mixdesk',
  ro: 'Acme Media vă invită în Mixdesk',
  zh: 'Acme Media 邀请您加入 Mixdesk',
};

it.each(LOCALES)('writes the invitation in %s, naming the company, with the pool placeholders', (locale) => {
  const out = userPoolMail(event('CustomMessage_AdminCreateUser', { locale, company: 'Acme Media' }));
  expect(out.response.emailSubject).toBe(SUBJECTS[locale]);
  const html = out.response.emailMessage!;
  expect(html).toContain(`lang="${locale}"`);
  expect(html).toContain(`dir="${locale === 'he' ? 'rtl' : 'ltr'}"`);
  expect(html).toContain('{username}');
  expect(html).toContain('{####}');
  expect(html).toContain('Acme Media');
  // The invitee's name is text: escaped, never markup.
  expect(html).toContain('Dana &lt;b&gt;Levi&lt;/b&gt;');
  expect(html).not.toContain('<b>Levi</b>');
});

it('writes the invitation in the words of each language', () => {
  const body = (locale: string) =>
    userPoolMail(event('CustomMessage_AdminCreateUser', { locale, company: 'Acme' })).response.emailMessage!;
  expect(body('fr')).toContain('Votre mot de passe temporaire :');
  expect(body('fr')).toContain('dans les 3 jours');
  expect(body('ro')).toContain('Parola temporară:');
  expect(body('ro')).toContain('în cel mult 3 zile');
  expect(body('zh')).toContain('临时密码：');
  expect(body('zh')).toContain('请在 3 天内');
  expect(body('he')).toContain('הסיסמה הזמנית שלך:');
});

it('writes the password-reset code mail in the console language, English without one', () => {
  const fr = userPoolMail(event('CustomMessage_ForgotPassword', { locale: 'fr' })).response;
  expect(fr.emailSubject).toBe('Votre code de réinitialisation du mot de passe Mixdesk');
  expect(fr.emailMessage).toContain('lang="fr"');
  expect(fr.emailMessage).toContain('{####}');
  const zh = userPoolMail(event('CustomMessage_ForgotPassword', { locale: 'zh' })).response;
  expect(zh.emailSubject).toBe('您的 Mixdesk 密码重置验证码');
  const none = userPoolMail(event('CustomMessage_ForgotPassword', null)).response;
  expect(none.emailSubject).toBe('Your Mixdesk password reset code');
  expect(none.emailMessage).toContain('lang="en"');
  const unknown = userPoolMail(event('CustomMessage_AdminCreateUser', { locale: 'de' })).response;
  expect(unknown.emailSubject).toBe('Your agency invites you to Mixdesk');
});

it("leaves every other message to the pool's defaults", () => {
  for (const source of ['CustomMessage_SignUp', 'CustomMessage_ResendCode', 'CustomMessage_UpdateUserAttribute']) {
    const e = event(source, { locale: 'fr' });
    expect(userPoolMail(e)).toEqual(e);
  }
});

it('answers Cognito through the kit: the event back with the mail set', async () => {
  const out = await handler(event('CustomMessage_AdminCreateUser', { locale: 'ro', company: 'Acme Media' }));
  expect(out.response.emailSubject).toBe(SUBJECTS.ro);
  expect(out.request.codeParameter).toBe('{####}');
});

describe('an invitation', () => {
  /** A pool that keeps what it was asked to make. */
  const recordingPool = () => {
    const made: NewPoolUser[] = [];
    const pool = {
      createUser: async (u: NewPoolUser) => {
        made.push(u);
        return `sub-${made.length}-${Date.now()}`;
      },
    } as unknown as UserPoolAdmin;
    return { made, pool };
  };
  const invitation = (email: string) => ({
    email,
    name: 'Dana',
    roleId: Role.Planner,
    permissions: [Permission.OperationalReports],
    accountAccess: 'all' as const,
    isSystemAdmin: false,
  });

  it("names its company's DefaultLocale and name to the pool's mail", async () => {
    const c = await makeCompany('Agence Lumière');
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(c.companyId),
        UpdateExpression: 'SET DefaultLocale = :l',
        ExpressionAttributeValues: { ':l': 'fr' },
      }),
    );
    const { made, pool } = recordingPool();
    await inviteUserIntoCompany(c.companyId, invitation(`fr-${Date.now()}@agency.test`), c.admin.email, pool);
    expect(made[0].mail).toEqual({ locale: 'fr', company: 'Agence Lumière' });
  });

  it('names the language and company it is given (a new agency)', async () => {
    const c = await makeCompany('Any Agency');
    const { made, pool } = recordingPool();
    await inviteUserIntoCompany(
      c.companyId,
      { ...invitation(`zh-${Date.now()}@agency.test`), mail: { locale: 'zh', company: '星辰传媒' } },
      c.admin.email,
      pool,
    );
    expect(made[0].mail).toEqual({ locale: 'zh', company: '星辰传媒' });
  });
});
