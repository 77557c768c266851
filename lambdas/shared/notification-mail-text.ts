import type { NotificationKind } from './replies/notifications';

/**
 * The words of a notification e-mail per language. The console's catalogues
 * (web/src/locales/notifications.*.json) are not on the server, so the sentences the bell shows are
 * repeated here with the same words. Which language a mail is in: the company's DefaultLocale
 * (no user stores a language of their own yet); a company without one gets English then Hebrew.
 */
export type MailLanguage = 'en' | 'he';

export interface MailFacts {
  actor: string;
  version: number;
  activity: string;
  account: string;
  reason: string | null;
}

export interface MailWords {
  /** The subject line's summary (after "Mixdesk: "). */
  subject: (kind: NotificationKind, f: MailFacts) => string;
  /** The mail's first sentence. */
  sentence: (kind: NotificationKind, f: MailFacts) => string;
  reasonLabel: (kind: NotificationKind) => string;
  open: string;
  footer: string;
  dir: 'ltr' | 'rtl';
}

export const MAIL_WORDS: Readonly<Record<MailLanguage, MailWords>> = {
  en: {
    subject: (kind, f) =>
      ({
        submitted: `version ${f.version} of ${f.activity} is waiting for your approval`,
        approved: `version ${f.version} of ${f.activity} was approved`,
        rejected: `version ${f.version} of ${f.activity} was rejected`,
        signedOff: `the client signed off version ${f.version} of ${f.activity}`,
        declined: `the client declined version ${f.version} of ${f.activity}`,
      })[kind],
    sentence: (kind, f) =>
      ({
        submitted: `${f.actor} submitted version ${f.version} of the media plan of ${f.activity} (${f.account}) for approval.`,
        approved: `${f.actor} approved version ${f.version} of the media plan of ${f.activity} (${f.account}).`,
        rejected: `${f.actor} rejected version ${f.version} of the media plan of ${f.activity} (${f.account}).`,
        signedOff: `${f.actor} signed off version ${f.version} of the media plan of ${f.activity} (${f.account}) for the client.`,
        declined: `${f.actor} declined version ${f.version} of the media plan of ${f.activity} (${f.account}) for the client.`,
      })[kind],
    reasonLabel: (kind) => (kind === 'declined' ? 'Comment' : 'Reason'),
    open: 'Open the plan',
    footer:
      'You get this mail because Mixdesk notifies you of plan approvals. The notification is also under the bell in the console.',
    dir: 'ltr',
  },
  he: {
    subject: (kind, f) =>
      ({
        submitted: `גרסה ${f.version} של ${f.activity} ממתינה לאישורך`,
        approved: `גרסה ${f.version} של ${f.activity} אושרה`,
        rejected: `גרסה ${f.version} של ${f.activity} נדחתה`,
        signedOff: `הלקוח חתם על גרסה ${f.version} של ${f.activity}`,
        declined: `הלקוח דחה את גרסה ${f.version} של ${f.activity}`,
      })[kind],
    sentence: (kind, f) =>
      ({
        submitted: `${f.actor} הגיש/ה לאישור את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        approved: `${f.actor} אישר/ה את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        rejected: `${f.actor} דחה/תה את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        signedOff: `${f.actor} חתם/ה בשם הלקוח על גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        declined: `${f.actor} דחה/תה בשם הלקוח את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
      })[kind],
    reasonLabel: (kind) => (kind === 'declined' ? 'הערה' : 'סיבה'),
    open: 'לפתיחת התוכנית',
    footer: 'קיבלת מייל זה כי Mixdesk מודיעה לך על אישורי תוכניות. ההתראה מופיעה גם בפעמון שבמסוף.',
    dir: 'rtl',
  },
};
