import type { Locale } from '../../shared/locales';

/**
 * The words of the user pool's mails per language (user-pool-mail.ts): the invitation and the
 * password-reset code. Plain text: user-pool-mail.ts escapes them, with the company's and the
 * person's names, for the HTML mail; the user pool fills in its placeholders (the address, the
 * temporary password, the code) when it sends it.
 */
export interface PoolMailWords {
  subject: (company: string) => string;
  /** Who invites when the company's name is not known. */
  yourAgency: string;
  greeting: (name: string) => string;
  hello: string;
  invited: (company: string) => string;
  username: string;
  password: string;
  /** What to do with the temporary password, within `days`. */
  next: (days: number) => string;
  ignore: string;
  /** The password-reset mail. */
  reset: { subject: string; code: string; use: string; ignore: string };
}

export const POOL_MAIL_WORDS: Readonly<Record<Locale, PoolMailWords>> = {
  en: {
    subject: (company) => `${company} invites you to Mixdesk`,
    yourAgency: 'Your agency',
    greeting: (name) => `Hello ${name},`,
    hello: 'Hello,',
    invited: (company) => `${company} has invited you to Mixdesk, where its media plans are made and approved.`,
    username: 'Your user name:',
    password: 'Your temporary password:',
    next: (days) =>
      `Sign in within ${days} days with this temporary password; you will then choose a password of your own.`,
    ignore: 'If you did not expect this invitation, you can ignore this mail.',
    reset: {
      subject: 'Your Mixdesk password reset code',
      code: 'Your code:',
      use: 'Enter it on the Mixdesk page where you asked for it, then choose a new password.',
      ignore: 'If you did not ask to reset your password, ignore this mail: your password stays as it is.',
    },
  },
  he: {
    subject: (company) => `${company} מזמינה אותך ל-Mixdesk`,
    yourAgency: 'הסוכנות שלך',
    greeting: (name) => `שלום ${name},`,
    hello: 'שלום,',
    invited: (company) => `${company} הזמינה אותך ל-Mixdesk, המערכת שבה נבנות ומאושרות תוכניות המדיה שלה.`,
    username: 'שם המשתמש שלך:',
    password: 'הסיסמה הזמנית שלך:',
    next: (days) => `יש להתחבר בתוך ${days} ימים עם הסיסמה הזמנית; לאחר מכן תתבקש/י לבחור סיסמה משלך.`,
    ignore: 'אם לא ציפית להזמנה הזו, אפשר להתעלם מהמייל.',
    reset: {
      subject: 'קוד לאיפוס הסיסמה שלך ב-Mixdesk',
      code: 'הקוד שלך:',
      use: 'יש להזין אותו בדף של Mixdesk שבו ביקשת אותו, ואז לבחור סיסמה חדשה.',
      ignore: 'אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מהמייל: הסיסמה שלך לא תשתנה.',
    },
  },
  fr: {
    subject: (company) => `${company} vous invite sur Mixdesk`,
    yourAgency: 'Votre agence',
    greeting: (name) => `Bonjour ${name},`,
    hello: 'Bonjour,',
    invited: (company) =>
      `${company} vous a invité(e) sur Mixdesk, l'outil où sont construits et validés ses plans média.`,
    username: 'Votre identifiant :',
    password: 'Votre mot de passe temporaire :',
    next: (days) =>
      `Connectez-vous dans les ${days} jours avec ce mot de passe temporaire ; vous choisirez ensuite votre propre mot de passe.`,
    ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.",
    reset: {
      subject: 'Votre code de réinitialisation du mot de passe Mixdesk',
      code: 'Votre code :',
      use: "Saisissez-le sur la page Mixdesk où vous l'avez demandé, puis choisissez un nouveau mot de passe.",
      ignore: "Si vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez ce message : il reste inchangé.",
    },
  },
  ro: {
    subject: (company) => `${company} vă invită în Mixdesk`,
    yourAgency: 'Agenția dumneavoastră',
    greeting: (name) => `Bună ziua, ${name},`,
    hello: 'Bună ziua,',
    invited: (company) =>
      `${company} v-a invitat în Mixdesk, platforma în care își construiește și își aprobă planurile media.`,
    username: 'Numele de utilizator:',
    password: 'Parola temporară:',
    next: (days) =>
      `Autentificați-vă în cel mult ${days} zile cu această parolă temporară; apoi vă veți alege propria parolă.`,
    ignore: 'Dacă nu vă așteptați la această invitație, puteți ignora acest e-mail.',
    reset: {
      subject: 'Codul pentru resetarea parolei Mixdesk',
      code: 'Codul dumneavoastră:',
      use: 'Introduceți-l pe pagina Mixdesk de pe care l-ați cerut, apoi alegeți o parolă nouă.',
      ignore: 'Dacă nu ați cerut resetarea parolei, ignorați acest e-mail: parola rămâne neschimbată.',
    },
  },
  zh: {
    subject: (company) => `${company} 邀请您加入 Mixdesk`,
    yourAgency: '您的代理公司',
    greeting: (name) => `${name}，您好：`,
    hello: '您好：',
    invited: (company) => `${company} 邀请您加入 Mixdesk，在这里制定和审批其媒介计划。`,
    username: '用户名：',
    password: '临时密码：',
    next: (days) => `请在 ${days} 天内使用此临时密码登录，之后您需要设置自己的密码。`,
    ignore: '如果您并未预期收到此邀请，请忽略此邮件。',
    reset: {
      subject: '您的 Mixdesk 密码重置验证码',
      code: '验证码：',
      use: '请在您申请重置的 Mixdesk 页面输入此验证码，然后设置新密码。',
      ignore: '如果您没有申请重置密码，请忽略此邮件：您的密码不会改变。',
    },
  },
};
