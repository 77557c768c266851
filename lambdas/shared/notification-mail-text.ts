import type { NotificationKind } from './replies/notifications';
import type { Locale } from './locales';

/**
 * The words of a notification e-mail per language. The console's catalogues
 * (web/src/locales/notifications.*.json) are not on the server, so the sentences the bell shows are
 * repeated here with the same words. Which language a mail is in: the company's DefaultLocale
 * (no user stores a language of their own yet); a company without one gets English then Hebrew.
 */
export type MailLanguage = Locale;

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
  /** Between the reason's label and the reason (French sets a space before the colon, Chinese a full-width one). */
  colon: string;
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
        orderAccepted: `the vendor accepted order version ${f.version} of ${f.activity}`,
        orderRejected: `the vendor rejected order version ${f.version} of ${f.activity}`,
        pacingUnder: `${f.activity} is under-pacing`,
        pacingOver: `${f.activity} is over-pacing`,
      })[kind],
    sentence: (kind, f) =>
      ({
        submitted: `${f.actor} submitted version ${f.version} of the media plan of ${f.activity} (${f.account}) for approval.`,
        approved: `${f.actor} approved version ${f.version} of the media plan of ${f.activity} (${f.account}).`,
        rejected: `${f.actor} rejected version ${f.version} of the media plan of ${f.activity} (${f.account}).`,
        signedOff: `${f.actor} signed off version ${f.version} of the media plan of ${f.activity} (${f.account}) for the client.`,
        declined: `${f.actor} declined version ${f.version} of the media plan of ${f.activity} (${f.account}) for the client.`,
        orderAccepted: `${f.actor} accepted version ${f.version} of the insertion order of ${f.activity} (${f.account}) for the vendor.`,
        orderRejected: `${f.actor} rejected version ${f.version} of the insertion order of ${f.activity} (${f.account}) for the vendor.`,
        pacingUnder: `${f.activity} (${f.account}) is spending under its plan: ${f.reason ?? ''} % of the plan to date.`,
        pacingOver: `${f.activity} (${f.account}) is spending over its plan: ${f.reason ?? ''} % of the plan to date.`,
      })[kind],
    reasonLabel: (kind) => (kind === 'declined' ? 'Comment' : 'Reason'),
    colon: ': ',
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
        orderAccepted: `הספק אישר את גרסה ${f.version} של הזמנת ${f.activity}`,
        orderRejected: `הספק דחה את גרסה ${f.version} של הזמנת ${f.activity}`,
        pacingUnder: `${f.activity} בהוצאה בחסר`,
        pacingOver: `${f.activity} בהוצאה ביתר`,
      })[kind],
    sentence: (kind, f) =>
      ({
        submitted: `${f.actor} הגיש/ה לאישור את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        approved: `${f.actor} אישר/ה את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        rejected: `${f.actor} דחה/תה את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        signedOff: `${f.actor} חתם/ה בשם הלקוח על גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        declined: `${f.actor} דחה/תה בשם הלקוח את גרסה ${f.version} של תוכנית המדיה של ${f.activity} (${f.account}).`,
        orderAccepted: `${f.actor} אישר/ה בשם הספק את גרסה ${f.version} של הזמנת המדיה של ${f.activity} (${f.account}).`,
        orderRejected: `${f.actor} דחה/תה בשם הספק את גרסה ${f.version} של הזמנת המדיה של ${f.activity} (${f.account}).`,
        pacingUnder: `${f.activity} (${f.account}) מוציאה פחות מהתוכנית: ${f.reason ?? ''}% מהמתוכנן עד היום.`,
        pacingOver: `${f.activity} (${f.account}) מוציאה יותר מהתוכנית: ${f.reason ?? ''}% מהמתוכנן עד היום.`,
      })[kind],
    reasonLabel: (kind) => (kind === 'declined' ? 'הערה' : 'סיבה'),
    colon: ': ',
    open: 'לפתיחת התוכנית',
    footer: 'קיבלת מייל זה כי Mixdesk מודיעה לך על אישורי תוכניות. ההתראה מופיעה גם בפעמון שבמסוף.',
    dir: 'rtl',
  },
  fr: {
    subject: (kind, f) =>
      ({
        submitted: `la version ${f.version} de ${f.activity} attend votre approbation`,
        approved: `la version ${f.version} de ${f.activity} a été approuvée`,
        rejected: `la version ${f.version} de ${f.activity} a été rejetée`,
        signedOff: `le client a validé la version ${f.version} de ${f.activity}`,
        declined: `le client a refusé la version ${f.version} de ${f.activity}`,
        orderAccepted: `le fournisseur a accepté la version ${f.version} de l'ordre de ${f.activity}`,
        orderRejected: `le fournisseur a refusé la version ${f.version} de l'ordre de ${f.activity}`,
        pacingUnder: `${f.activity} est en sous-diffusion`,
        pacingOver: `${f.activity} est en sur-diffusion`,
      })[kind],
    sentence: (kind, f) =>
      ({
        submitted: `${f.actor} a soumis à l'approbation la version ${f.version} du plan média de l'activité ${f.activity} (${f.account}).`,
        approved: `${f.actor} a approuvé la version ${f.version} du plan média de l'activité ${f.activity} (${f.account}).`,
        rejected: `${f.actor} a rejeté la version ${f.version} du plan média de l'activité ${f.activity} (${f.account}).`,
        signedOff: `${f.actor} a enregistré la validation du client pour la version ${f.version} du plan média de l'activité ${f.activity} (${f.account}).`,
        declined: `${f.actor} a enregistré le refus du client pour la version ${f.version} du plan média de l'activité ${f.activity} (${f.account}).`,
        orderAccepted: `${f.actor} a accepté, pour le fournisseur, la version ${f.version} de l'ordre d'insertion de l'activité ${f.activity} (${f.account}).`,
        orderRejected: `${f.actor} a refusé, pour le fournisseur, la version ${f.version} de l'ordre d'insertion de l'activité ${f.activity} (${f.account}).`,
        pacingUnder: `${f.activity} (${f.account}) dépense moins que prévu : ${f.reason ?? ''} % du plan à date.`,
        pacingOver: `${f.activity} (${f.account}) dépense plus que prévu : ${f.reason ?? ''} % du plan à date.`,
      })[kind],
    reasonLabel: (kind) => (kind === 'declined' ? 'Commentaire' : 'Motif'),
    colon: ' : ',
    open: 'Ouvrir le plan',
    footer:
      'Vous recevez ce message car Mixdesk vous informe des approbations de plans. La notification figure aussi sous la cloche de la console.',
    dir: 'ltr',
  },
  ro: {
    subject: (kind, f) =>
      ({
        submitted: `versiunea ${f.version} pentru ${f.activity} așteaptă aprobarea dumneavoastră`,
        approved: `versiunea ${f.version} pentru ${f.activity} a fost aprobată`,
        rejected: `versiunea ${f.version} pentru ${f.activity} a fost respinsă`,
        signedOff: `clientul a validat versiunea ${f.version} pentru ${f.activity}`,
        declined: `clientul a refuzat versiunea ${f.version} pentru ${f.activity}`,
        orderAccepted: `furnizorul a acceptat versiunea ${f.version} a comenzii pentru ${f.activity}`,
        orderRejected: `furnizorul a respins versiunea ${f.version} a comenzii pentru ${f.activity}`,
        pacingUnder: `${f.activity} este sub ritm`,
        pacingOver: `${f.activity} este peste ritm`,
      })[kind],
    sentence: (kind, f) =>
      ({
        submitted: `${f.actor} a trimis spre aprobare versiunea ${f.version} a planului media al activității ${f.activity} (${f.account}).`,
        approved: `${f.actor} a aprobat versiunea ${f.version} a planului media al activității ${f.activity} (${f.account}).`,
        rejected: `${f.actor} a respins versiunea ${f.version} a planului media al activității ${f.activity} (${f.account}).`,
        signedOff: `${f.actor} a validat, din partea clientului, versiunea ${f.version} a planului media al activității ${f.activity} (${f.account}).`,
        declined: `${f.actor} a refuzat, din partea clientului, versiunea ${f.version} a planului media al activității ${f.activity} (${f.account}).`,
        orderAccepted: `${f.actor} a acceptat, din partea furnizorului, versiunea ${f.version} a comenzii de inserție a activității ${f.activity} (${f.account}).`,
        orderRejected: `${f.actor} a respins, din partea furnizorului, versiunea ${f.version} a comenzii de inserție a activității ${f.activity} (${f.account}).`,
        pacingUnder: `${f.activity} (${f.account}) cheltuiește sub plan: ${f.reason ?? ''} % din planul la zi.`,
        pacingOver: `${f.activity} (${f.account}) cheltuiește peste plan: ${f.reason ?? ''} % din planul la zi.`,
      })[kind],
    reasonLabel: (kind) => (kind === 'declined' ? 'Comentariu' : 'Motiv'),
    colon: ': ',
    open: 'Deschide planul',
    footer:
      'Primiți acest e-mail deoarece Mixdesk vă anunță despre aprobările planurilor. Notificarea apare și la clopoțelul din consolă.',
    dir: 'ltr',
  },
  zh: {
    subject: (kind, f) =>
      ({
        submitted: `${f.activity} 的第 ${f.version} 版正在等待您审批`,
        approved: `${f.activity} 的第 ${f.version} 版已获批准`,
        rejected: `${f.activity} 的第 ${f.version} 版已被驳回`,
        signedOff: `客户已确认 ${f.activity} 的第 ${f.version} 版`,
        declined: `客户已拒绝 ${f.activity} 的第 ${f.version} 版`,
        orderAccepted: `供应商已接受 ${f.activity} 订单的第 ${f.version} 版`,
        orderRejected: `供应商已拒绝 ${f.activity} 订单的第 ${f.version} 版`,
        pacingUnder: `${f.activity} 投放不足`,
        pacingOver: `${f.activity} 投放过度`,
      })[kind],
    sentence: (kind, f) =>
      ({
        submitted: `${f.actor} 已提交活动 ${f.activity}（${f.account}）媒介计划的第 ${f.version} 版，等待审批。`,
        approved: `${f.actor} 已批准活动 ${f.activity}（${f.account}）媒介计划的第 ${f.version} 版。`,
        rejected: `${f.actor} 已驳回活动 ${f.activity}（${f.account}）媒介计划的第 ${f.version} 版。`,
        signedOff: `${f.actor} 已代客户确认活动 ${f.activity}（${f.account}）媒介计划的第 ${f.version} 版。`,
        declined: `${f.actor} 已代客户拒绝活动 ${f.activity}（${f.account}）媒介计划的第 ${f.version} 版。`,
        orderAccepted: `${f.actor} 已代供应商接受活动 ${f.activity}（${f.account}）插播订单的第 ${f.version} 版。`,
        orderRejected: `${f.actor} 已代供应商拒绝活动 ${f.activity}（${f.account}）插播订单的第 ${f.version} 版。`,
        pacingUnder: `${f.activity}（${f.account}）花费低于计划：截至目前为计划的 ${f.reason ?? ''}%。`,
        pacingOver: `${f.activity}（${f.account}）花费高于计划：截至目前为计划的 ${f.reason ?? ''}%。`,
      })[kind],
    reasonLabel: (kind) => (kind === 'declined' ? '意见' : '原因'),
    colon: '：',
    open: '打开计划',
    footer: '您收到此邮件，是因为 Mixdesk 会向您通知计划审批动态。此通知也显示在控制台的铃铛图标下。',
    dir: 'ltr',
  },
};
