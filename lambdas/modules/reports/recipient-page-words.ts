import type { ScheduleLanguage } from './replies/report-schedules';

/**
 * The sentences of the pages an outside recipient's links open (unsubscribe.ts): the confirmation
 * page (GET shows the button, its POST confirms) and the unsubscribe page, per language.
 */
export interface ConfirmPageWords {
  title: string;
  ask: (address: string) => string;
  button: string;
  done: (address: string) => string;
  invalid: string;
}

export interface UnsubscribePageWords {
  title: string;
  done: (address: string, name: string) => string;
  invalid: string;
  gone: string;
}

export const CONFIRM_PAGE: Readonly<Record<ScheduleLanguage, ConfirmPageWords>> = {
  en: {
    title: 'Confirm',
    ask: (address) => `Receive scheduled reports from Mixdesk at ${address}?`,
    button: 'Confirm',
    done: (address) => `${address} is confirmed: it will receive the scheduled reports sent to it.`,
    invalid: 'This confirmation link is not valid.',
  },
  he: {
    title: 'אישור',
    ask: (address) => `לקבל דוחות מתוזמנים מ-Mixdesk בכתובת ${address}?`,
    button: 'אישור',
    done: (address) => `הכתובת ${address} אושרה: הדוחות המתוזמנים שיישלחו אליה יגיעו.`,
    invalid: 'קישור האישור הזה אינו תקין.',
  },
  fr: {
    title: 'Confirmation',
    ask: (address) => `Recevoir les rapports programmés de Mixdesk à l'adresse ${address} ?`,
    button: 'Confirmer',
    done: (address) =>
      `L'adresse ${address} est confirmée : elle recevra les rapports programmés qui lui seront envoyés.`,
    invalid: "Ce lien de confirmation n'est pas valide.",
  },
  ro: {
    title: 'Confirmare',
    ask: (address) => `Doriți să primiți rapoarte programate de la Mixdesk la adresa ${address}?`,
    button: 'Confirmă',
    done: (address) => `Adresa ${address} a fost confirmată: va primi rapoartele programate trimise către ea.`,
    invalid: 'Acest link de confirmare nu este valid.',
  },
  zh: {
    title: '确认',
    ask: (address) => `是否在 ${address} 接收来自 Mixdesk 的定时报表？`,
    button: '确认',
    done: (address) => `地址 ${address} 已确认：将接收发送至该地址的定时报表。`,
    invalid: '此确认链接无效。',
  },
};

export const UNSUBSCRIBE_PAGE: Readonly<Record<ScheduleLanguage, UnsubscribePageWords>> = {
  en: {
    title: 'Unsubscribed',
    done: (address, name) => `${address} will no longer receive the scheduled report "${name}".`,
    invalid: 'This unsubscribe link is not valid.',
    gone: 'This scheduled report no longer exists.',
  },
  he: {
    title: 'הוסרת מרשימת התפוצה',
    done: (address, name) => `${address} לא יקבל/תקבל עוד את הדוח המתוזמן "${name}".`,
    invalid: 'קישור הסרה זה אינו תקין.',
    gone: 'הדוח המתוזמן הזה כבר אינו קיים.',
  },
  fr: {
    title: 'Désabonnement confirmé',
    done: (address, name) => `${address} ne recevra plus le rapport programmé « ${name} ».`,
    invalid: "Ce lien de désabonnement n'est pas valide.",
    gone: "Ce rapport programmé n'existe plus.",
  },
  ro: {
    title: 'Dezabonare efectuată',
    done: (address, name) => `${address} nu va mai primi raportul programat „${name}”.`,
    invalid: 'Acest link de dezabonare nu este valid.',
    gone: 'Acest raport programat nu mai există.',
  },
  zh: {
    title: '已退订',
    done: (address, name) => `${address} 将不再收到定时报表“${name}”。`,
    invalid: '此退订链接无效。',
    gone: '该定时报表已不存在。',
  },
};
