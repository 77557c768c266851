import type { Locale } from '../../shared/locales';

/**
 * The words of a vendor contact's confirmation mail and of the page its link opens, per company
 * language (docs/domain.md "Vendors"). The company's and the vendor's names are the only user text,
 * passed in as data (escaped in HTML by the caller).
 */
export interface ContactWords {
  subject: (company: string) => string;
  body: (company: string, vendor: string) => string;
  button: string;
  expires: (days: number) => string;
  ignore: string;
  /** The page: the question (GET) and its button, the outcome (POST). */
  ask: (address: string, vendor: string) => string;
  done: (address: string) => string;
  expired: string;
  invalid: string;
  /** The contact is gone, or its address was changed since the mail. */
  changed: string;
}

export const CONTACT_WORDS: Readonly<Record<Locale, ContactWords>> = {
  en: {
    subject: (company) => `Please confirm your e-mail address for ${company}`,
    body: (company, vendor) =>
      `${company} added this address as a contact of ${vendor} and will send it orders and documents. Please confirm that it is yours.`,
    button: 'Confirm my address',
    expires: (days) => `The link is valid for ${days} days.`,
    ignore: 'If you did not expect this mail, ignore it: nothing will be sent to this address until it is confirmed.',
    ask: (address, vendor) => `Confirm ${address} as a contact of ${vendor}?`,
    done: (address) => `Thank you: ${address} is confirmed.`,
    expired: 'This confirmation link has expired. Ask your contact at the agency to send a new one.',
    invalid: 'This confirmation link is not valid.',
    changed: 'This address is no longer a contact of the vendor, so there is nothing to confirm.',
  },
  he: {
    subject: (company) => `נא לאשר את כתובת הדוא"ל שלך עבור ${company}`,
    body: (company, vendor) =>
      `${company} הוסיפה את הכתובת הזו כאיש קשר של ${vendor} ותשלח אליה הזמנות ומסמכים. נא לאשר שהכתובת שלך.`,
    button: 'אישור הכתובת שלי',
    expires: (days) => `הקישור בתוקף ${days} ימים.`,
    ignore: 'אם לא ציפית לדוא"ל הזה, אפשר להתעלם ממנו: דבר לא יישלח לכתובת הזו עד שתאושר.',
    ask: (address, vendor) => `לאשר את ${address} כאיש קשר של ${vendor}?`,
    done: (address) => `תודה: הכתובת ${address} אושרה.`,
    expired: 'תוקף קישור האישור הזה פג. אפשר לבקש מאיש הקשר בסוכנות לשלוח קישור חדש.',
    invalid: 'קישור האישור הזה אינו תקין.',
    changed: 'הכתובת הזו כבר אינה איש קשר של הספק, ולכן אין מה לאשר.',
  },
  fr: {
    subject: (company) => `Veuillez confirmer votre adresse e-mail pour ${company}`,
    body: (company, vendor) =>
      `${company} a ajouté cette adresse comme contact de ${vendor} et y enverra des commandes et des documents. Veuillez confirmer qu'elle est bien la vôtre.`,
    button: 'Confirmer mon adresse',
    expires: (days) => `Le lien est valable ${days} jours.`,
    ignore:
      "Si vous n'attendiez pas ce message, ignorez-le : rien ne sera envoyé à cette adresse tant qu'elle n'est pas confirmée.",
    ask: (address, vendor) => `Confirmer ${address} comme contact de ${vendor} ?`,
    done: (address) => `Merci : l'adresse ${address} est confirmée.`,
    expired: "Ce lien de confirmation a expiré. Demandez à votre contact à l'agence d'en envoyer un nouveau.",
    invalid: "Ce lien de confirmation n'est pas valide.",
    changed: "Cette adresse n'est plus un contact du fournisseur : il n'y a rien à confirmer.",
  },
  ro: {
    subject: (company) => `Vă rugăm să confirmați adresa de e-mail pentru ${company}`,
    body: (company, vendor) =>
      `${company} a adăugat această adresă ca persoană de contact a ${vendor} și va trimite la ea comenzi și documente. Vă rugăm să confirmați că vă aparține.`,
    button: 'Confirm adresa mea',
    expires: (days) => `Linkul este valabil ${days} zile.`,
    ignore:
      'Dacă nu vă așteptați la acest mesaj, ignorați-l: nu se va trimite nimic la această adresă până când nu este confirmată.',
    ask: (address, vendor) => `Confirmați ${address} ca persoană de contact a ${vendor}?`,
    done: (address) => `Vă mulțumim: adresa ${address} a fost confirmată.`,
    expired: 'Acest link de confirmare a expirat. Cereți persoanei de contact din agenție să trimită unul nou.',
    invalid: 'Acest link de confirmare nu este valid.',
    changed: 'Această adresă nu mai este o persoană de contact a furnizorului, deci nu este nimic de confirmat.',
  },
  zh: {
    subject: (company) => `请为 ${company} 确认您的电子邮件地址`,
    body: (company, vendor) =>
      `${company} 已将此地址添加为 ${vendor} 的联系人，并将向其发送订单和文件。请确认这是您的地址。`,
    button: '确认我的地址',
    expires: (days) => `该链接 ${days} 天内有效。`,
    ignore: '如果您没有预期收到此邮件，请忽略：在确认之前，不会向此地址发送任何内容。',
    ask: (address, vendor) => `确认 ${address} 为 ${vendor} 的联系人？`,
    done: (address) => `谢谢：地址 ${address} 已确认。`,
    expired: '此确认链接已过期。请让代理公司的联系人重新发送。',
    invalid: '此确认链接无效。',
    changed: '此地址已不再是该供应商的联系人，无需确认。',
  },
};
