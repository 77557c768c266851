import type { Locale } from '../../shared/locales';

/**
 * The words of an insertion order's mail to the vendor, of the public page its link opens, and of
 * the mail that tells the buyer the vendor's answer, per language (docs/buy-side.md "Sending and
 * acceptance"). Names, numbers, the instructions and the reason are data passed in (escaped in HTML
 * by the caller); the table's words come from the document's own labels (io-document/labels.ts).
 */
export interface SendWords {
  subject: (agency: string, order: string) => string;
  body: (agency: string, vendor: string, order: string) => string;
  button: string;
  attached: string;
  expires: (days: number) => string;
  instructions: string;
  /** The page. */
  download: string;
  pdf: string;
  excel: string;
  acceptTitle: string;
  typedName: string;
  acceptButton: string;
  rejectTitle: string;
  reason: string;
  rejectButton: string;
  accepted: (name: string, address: string, at: string) => string;
  rejected: (address: string, at: string, reason: string) => string;
  /** Why a link opens no order. */
  invalid: string;
  expired: string;
  outdated: string;
  decided: string;
  /** A signed copy of the order was recorded: it is accepted offline. */
  signed: string;
  missingName: string;
  missingReason: string;
  /** The buyer's mail. */
  answeredSubject: (order: string, vendor: string, accepted: string) => string;
  answeredBody: (vendor: string, order: string, accepted: string, who: string) => string;
  acceptedWord: string;
  rejectedWord: string;
}

export const SEND_WORDS: Readonly<Record<Locale, SendWords>> = {
  en: {
    subject: (agency, order) => `Insertion order ${order} from ${agency}`,
    body: (agency, vendor, order) =>
      `${agency} sends ${vendor} the insertion order ${order}. Open the link to review it, then accept or reject it:`,
    button: 'Review the order',
    attached: 'The order is attached as a PDF.',
    expires: (days) => `The link is valid for ${days} days.`,
    instructions: 'Instructions from the agency',
    download: 'Download',
    pdf: 'PDF',
    excel: 'Excel',
    acceptTitle: 'Accept the order',
    typedName: 'Your full name',
    acceptButton: 'Accept',
    rejectTitle: 'Reject the order',
    reason: 'Reason',
    rejectButton: 'Reject',
    accepted: (name, address, at) => `Accepted by ${name} (${address}) on ${at}.`,
    rejected: (address, at, reason) => `Rejected by ${address} on ${at}: ${reason}`,
    invalid: 'This link is not valid. Check that the whole link was opened.',
    expired: 'This link has expired. Ask the agency to send the order again.',
    outdated: 'This link was replaced: the agency changed the order or sent it again. Use the latest mail.',
    decided: 'This order was answered already; the link cannot be used again.',
    signed: 'The agency has received the order signed, so it is accepted; nothing more is needed here.',
    missingName: 'Type your full name to accept.',
    missingReason: 'Write why you reject the order.',
    answeredSubject: (order, vendor, accepted) => `${vendor} ${accepted} insertion order ${order}`,
    answeredBody: (vendor, order, accepted, who) => `${vendor} ${accepted} insertion order ${order} (${who}).`,
    acceptedWord: 'accepted',
    rejectedWord: 'rejected',
  },
  he: {
    subject: (agency, order) => `הזמנת מדיה ${order} מאת ${agency}`,
    body: (agency, vendor, order) =>
      `${agency} שולחת אל ${vendor} את הזמנת המדיה ${order}. פתחו את הקישור כדי לעיין בה ולאשר או לדחות אותה:`,
    button: 'לעיון בהזמנה',
    attached: 'ההזמנה מצורפת כקובץ PDF.',
    expires: (days) => `הקישור בתוקף ${days} ימים.`,
    instructions: 'הנחיות מהסוכנות',
    download: 'הורדה',
    pdf: 'PDF',
    excel: 'Excel',
    acceptTitle: 'אישור ההזמנה',
    typedName: 'שמך המלא',
    acceptButton: 'אישור',
    rejectTitle: 'דחיית ההזמנה',
    reason: 'סיבה',
    rejectButton: 'דחייה',
    accepted: (name, address, at) => `אושרה על ידי ${name} (${address}) ב-${at}.`,
    rejected: (address, at, reason) => `נדחתה על ידי ${address} ב-${at}: ${reason}`,
    invalid: 'הקישור אינו תקין. בדקו שנפתח הקישור המלא.',
    expired: 'תוקף הקישור פג. בקשו מהסוכנות לשלוח את ההזמנה שוב.',
    outdated: 'הקישור הוחלף: הסוכנות שינתה את ההזמנה או שלחה אותה שוב. השתמשו בדוא"ל האחרון.',
    decided: 'ההזמנה כבר נענתה; אי אפשר להשתמש בקישור שוב.',
    signed: 'הסוכנות קיבלה את ההזמנה חתומה, ולכן היא מאושרת; אין צורך בפעולה נוספת כאן.',
    missingName: 'כדי לאשר יש להקליד את שמך המלא.',
    missingReason: 'יש לכתוב מדוע ההזמנה נדחית.',
    answeredSubject: (order, vendor, accepted) => `${vendor} ${accepted} את הזמנת המדיה ${order}`,
    answeredBody: (vendor, order, accepted, who) => `${vendor} ${accepted} את הזמנת המדיה ${order} (${who}).`,
    acceptedWord: 'אישר/ה',
    rejectedWord: 'דחה/תה',
  },
  fr: {
    subject: (agency, order) => `Ordre d'insertion ${order} de ${agency}`,
    body: (agency, vendor, order) =>
      `${agency} envoie à ${vendor} l'ordre d'insertion ${order}. Ouvrez le lien pour le consulter, puis l'accepter ou le refuser :`,
    button: "Consulter l'ordre",
    attached: "L'ordre est joint en PDF.",
    expires: (days) => `Le lien est valable ${days} jours.`,
    instructions: "Instructions de l'agence",
    download: 'Télécharger',
    pdf: 'PDF',
    excel: 'Excel',
    acceptTitle: "Accepter l'ordre",
    typedName: 'Votre nom complet',
    acceptButton: 'Accepter',
    rejectTitle: "Refuser l'ordre",
    reason: 'Motif',
    rejectButton: 'Refuser',
    accepted: (name, address, at) => `Accepté par ${name} (${address}) le ${at}.`,
    rejected: (address, at, reason) => `Refusé par ${address} le ${at} : ${reason}`,
    invalid: "Ce lien n'est pas valide. Vérifiez que le lien a été ouvert en entier.",
    expired: "Ce lien a expiré. Demandez à l'agence de renvoyer l'ordre.",
    outdated: "Ce lien a été remplacé : l'agence a modifié l'ordre ou l'a renvoyé. Utilisez le dernier e-mail.",
    decided: 'Cet ordre a déjà reçu une réponse ; le lien ne peut plus servir.',
    signed: "L'agence a reçu l'ordre signé : il est accepté, rien d'autre n'est nécessaire ici.",
    missingName: 'Saisissez votre nom complet pour accepter.',
    missingReason: "Indiquez pourquoi vous refusez l'ordre.",
    answeredSubject: (order, vendor, accepted) => `${vendor} a ${accepted} l'ordre d'insertion ${order}`,
    answeredBody: (vendor, order, accepted, who) => `${vendor} a ${accepted} l'ordre d'insertion ${order} (${who}).`,
    acceptedWord: 'accepté',
    rejectedWord: 'refusé',
  },
  ro: {
    subject: (agency, order) => `Comanda de inserție ${order} de la ${agency}`,
    body: (agency, vendor, order) =>
      `${agency} trimite către ${vendor} comanda de inserție ${order}. Deschideți linkul pentru a o examina, apoi acceptați-o sau respingeți-o:`,
    button: 'Examinați comanda',
    attached: 'Comanda este atașată ca PDF.',
    expires: (days) => `Linkul este valabil ${days} zile.`,
    instructions: 'Instrucțiuni de la agenție',
    download: 'Descărcare',
    pdf: 'PDF',
    excel: 'Excel',
    acceptTitle: 'Acceptați comanda',
    typedName: 'Numele dumneavoastră complet',
    acceptButton: 'Accept',
    rejectTitle: 'Respingeți comanda',
    reason: 'Motiv',
    rejectButton: 'Resping',
    accepted: (name, address, at) => `Acceptată de ${name} (${address}) la ${at}.`,
    rejected: (address, at, reason) => `Respinsă de ${address} la ${at}: ${reason}`,
    invalid: 'Acest link nu este valid. Verificați că a fost deschis linkul întreg.',
    expired: 'Acest link a expirat. Cereți agenției să trimită din nou comanda.',
    outdated:
      'Acest link a fost înlocuit: agenția a modificat comanda sau a trimis-o din nou. Folosiți ultimul e-mail.',
    decided: 'Această comandă a primit deja un răspuns; linkul nu mai poate fi folosit.',
    signed: 'Agenția a primit comanda semnată, deci este acceptată; nu mai este nevoie de nimic aici.',
    missingName: 'Scrieți-vă numele complet pentru a accepta.',
    missingReason: 'Scrieți de ce respingeți comanda.',
    answeredSubject: (order, vendor, accepted) => `${vendor} a ${accepted} comanda de inserție ${order}`,
    answeredBody: (vendor, order, accepted, who) => `${vendor} a ${accepted} comanda de inserție ${order} (${who}).`,
    acceptedWord: 'acceptat',
    rejectedWord: 'respins',
  },
  zh: {
    subject: (agency, order) => `来自 ${agency} 的插播订单 ${order}`,
    body: (agency, vendor, order) => `${agency} 向 ${vendor} 发送插播订单 ${order}。请打开链接查看，然后接受或拒绝：`,
    button: '查看订单',
    attached: '订单已作为 PDF 附上。',
    expires: (days) => `链接有效期为 ${days} 天。`,
    instructions: '代理机构的说明',
    download: '下载',
    pdf: 'PDF',
    excel: 'Excel',
    acceptTitle: '接受订单',
    typedName: '您的全名',
    acceptButton: '接受',
    rejectTitle: '拒绝订单',
    reason: '原因',
    rejectButton: '拒绝',
    accepted: (name, address, at) => `由 ${name}（${address}）于 ${at} 接受。`,
    rejected: (address, at, reason) => `由 ${address} 于 ${at} 拒绝：${reason}`,
    invalid: '此链接无效。请确认打开的是完整链接。',
    expired: '此链接已过期。请让代理机构重新发送订单。',
    outdated: '此链接已被替换：代理机构修改了订单或重新发送了订单。请使用最新的邮件。',
    decided: '此订单已答复，链接不能再次使用。',
    signed: '代理机构已收到签署的订单，订单已被接受；此处无需其他操作。',
    missingName: '请输入您的全名以接受。',
    missingReason: '请填写拒绝订单的原因。',
    answeredSubject: (order, vendor, accepted) => `${vendor} ${accepted}了插播订单 ${order}`,
    answeredBody: (vendor, order, accepted, who) => `${vendor} ${accepted}了插播订单 ${order}（${who}）。`,
    acceptedWord: '接受',
    rejectedWord: '拒绝',
  },
};
