import type { ScheduleLanguage } from './replies/report-schedules';

/**
 * The words of a scheduled report's mail and of the confirmation mail sent to an outside address,
 * per language (schedule-mail.ts writes them). A name arrives quoted already (schedule-mail.ts
 * quotedName) and the days formatted in the language.
 */
type MailFigure = 'Spend' | 'Impressions' | 'Clicks' | 'Conversions' | 'ConversionValue' | 'Ctr' | 'Cpa' | 'Roas';

export interface ReportMailWords {
  /** The BCP 47 tag of the language's numbers and dates (Intl). */
  locale: string;
  subject: (name: string, from: string, to: string) => string;
  intro: (name: string, from: string, to: string) => string;
  totals: string;
  /** The totals' labels: the Reports screen's words (CTR, CPA and ROAS as the trade writes them). */
  labels: Readonly<Record<MailFigure, string>>;
  /** Between a label and its value in the text part (French sets a space before the colon, Chinese a full-width one). */
  colon: string;
  /** A percent figure already formatted ("1.25" → "1.25%", French "1,25 %"). */
  percent: (n: string) => string;
  empty: string;
  truncated: string;
  provisional: string;
  unhealthy: (names: string) => string;
  unsubscribe: string;
}

/** French and Romanian set a (narrow no-break) space before %, English, Hebrew and Chinese do not. */
const TIGHT = (n: string) => `${n}%`;
const SPACED = (n: string) => `${n}\u202f%`;

export const REPORT_MAIL_WORDS: Readonly<Record<ScheduleLanguage, ReportMailWords>> = {
  en: {
    locale: 'en-US',
    subject: (name, from, to) => `Mixdesk scheduled report: "${name}", ${from} – ${to}`,
    intro: (name, from, to) => `Your scheduled report "${name}" for ${from} – ${to} is attached as an Excel file.`,
    totals: 'Totals',
    labels: {
      Spend: 'Spend',
      Impressions: 'Impressions',
      Clicks: 'Clicks',
      Conversions: 'Conversions',
      ConversionValue: 'Conversion value',
      Ctr: 'CTR',
      Cpa: 'CPA',
      Roas: 'ROAS',
    },
    colon: ': ',
    percent: TIGHT,
    empty: 'No actuals were recorded in this period.',
    truncated: 'The report covers the first activities only (more were in scope than one report reads).',
    provisional:
      'Some of these days are still provisional: the advertising platforms may restate them, so the figures can still change.',
    unhealthy: (names) => `Data may be incomplete: these connectors are not healthy: ${names}.`,
    unsubscribe: 'Stop receiving this report',
  },
  he: {
    locale: 'he-IL',
    subject: (name, from, to) => `דוח מתוזמן של Mixdesk: "${name}", ${from} – ${to}`,
    intro: (name, from, to) => `הדוח המתוזמן "${name}" לתקופה ${from} – ${to} מצורף כקובץ Excel.`,
    totals: 'סיכום',
    labels: {
      Spend: 'הוצאה',
      Impressions: 'חשיפות',
      Clicks: 'הקלקות',
      Conversions: 'המרות',
      ConversionValue: 'ערך המרות',
      Ctr: 'CTR',
      Cpa: 'CPA',
      Roas: 'ROAS',
    },
    colon: ': ',
    percent: TIGHT,
    empty: 'לא נרשמו נתוני ביצוע בתקופה זו.',
    truncated: 'הדוח כולל את הפעילויות הראשונות בלבד (היו יותר פעילויות ממה שדוח אחד קורא).',
    provisional: 'חלק מהימים עדיין זמניים: פלטפורמות הפרסום עשויות לעדכן אותם, כך שהנתונים עוד עשויים להשתנות.',
    unhealthy: (names) => `ייתכן שהנתונים חסרים: המחברים הבאים אינם תקינים: ${names}.`,
    unsubscribe: 'הפסקת קבלת הדוח',
  },
  fr: {
    locale: 'fr-FR',
    subject: (name, from, to) => `Rapport programmé Mixdesk : « ${name} », du ${from} au ${to}`,
    intro: (name, from, to) =>
      `Votre rapport programmé « ${name} » pour la période du ${from} au ${to} est joint au format Excel.`,
    totals: 'Totaux',
    labels: {
      Spend: 'Dépenses',
      Impressions: 'Impressions',
      Clicks: 'Clics',
      Conversions: 'Conversions',
      ConversionValue: 'Valeur de conversion',
      Ctr: 'CTR',
      Cpa: 'CPA',
      Roas: 'ROAS',
    },
    colon: ' : ',
    percent: SPACED,
    empty: "Aucune donnée de performance n'a été enregistrée sur cette période.",
    truncated:
      "Le rapport ne couvre que les premières activités (le périmètre en comptait plus qu'un rapport ne peut en lire).",
    provisional:
      'Certains de ces jours sont encore provisoires : les plateformes publicitaires peuvent les corriger, les chiffres peuvent donc encore évoluer.',
    unhealthy: (names) => `Les données peuvent être incomplètes ; ces connecteurs sont en erreur : ${names}.`,
    unsubscribe: 'Ne plus recevoir ce rapport',
  },
  ro: {
    locale: 'ro-RO',
    subject: (name, from, to) => `Raport programat Mixdesk: „${name}”, ${from} – ${to}`,
    intro: (name, from, to) =>
      `Raportul programat „${name}” pentru perioada ${from} – ${to} este atașat ca fișier Excel.`,
    totals: 'Totaluri',
    labels: {
      Spend: 'Cheltuieli',
      Impressions: 'Afișări',
      Clicks: 'Clicuri',
      Conversions: 'Conversii',
      ConversionValue: 'Valoarea conversiilor',
      Ctr: 'CTR',
      Cpa: 'CPA',
      Roas: 'ROAS',
    },
    colon: ': ',
    percent: SPACED,
    empty: 'Nu au fost înregistrate date de performanță în această perioadă.',
    truncated: 'Raportul cuprinde doar primele activități (erau mai multe decât poate citi un singur raport).',
    provisional:
      'Unele dintre aceste zile sunt încă provizorii: platformele de publicitate le pot corecta, deci cifrele se mai pot schimba.',
    unhealthy: (names) => `Datele pot fi incomplete; acești conectori nu funcționează corect: ${names}.`,
    unsubscribe: 'Dezabonare de la acest raport',
  },
  zh: {
    locale: 'zh-CN',
    subject: (name, from, to) => `Mixdesk 定时报表：“${name}”，${from}至${to}`,
    intro: (name, from, to) => `您的定时报表“${name}”（${from}至${to}）已作为 Excel 文件附上。`,
    totals: '总计',
    labels: {
      Spend: '花费',
      Impressions: '展示次数',
      Clicks: '点击次数',
      Conversions: '转化次数',
      ConversionValue: '转化价值',
      Ctr: 'CTR',
      Cpa: 'CPA',
      Roas: 'ROAS',
    },
    colon: '：',
    percent: TIGHT,
    empty: '该期间没有记录到实际投放数据。',
    truncated: '本报表仅包含前面的部分活动（范围内的活动超出了单份报表的读取上限）。',
    provisional: '其中部分日期的数据仍为暂定：广告平台可能会回溯修正这些数据，因此数字仍可能变化。',
    unhealthy: (names) => `数据可能不完整，以下连接器状态异常：${names}。`,
    unsubscribe: '不再接收此报表',
  },
};

/** The confirmation mail to an outside address: Mixdesk's own words only (no name, no text a user typed). */
export interface ConfirmMailWords {
  subject: string;
  text: string;
  ignore: string;
  button: string;
}

export const CONFIRM_MAIL_WORDS: Readonly<Record<ScheduleLanguage, ConfirmMailWords>> = {
  en: {
    subject: 'Mixdesk: confirm that you want to receive scheduled reports',
    text: 'An agency using Mixdesk wants to send scheduled reports to this address. They will only come once you confirm here:',
    ignore: 'If you did not expect this, ignore this mail: nothing will be sent to you.',
    button: 'Confirm',
  },
  he: {
    subject: 'Mixdesk: אישור קבלת דוחות מתוזמנים',
    text: 'סוכנות שעובדת עם Mixdesk מבקשת לשלוח דוחות מתוזמנים לכתובת הזו. הם יישלחו רק אחרי אישור כאן:',
    ignore: 'אם לא ציפית להודעה הזו, אפשר להתעלם ממנה: לא יישלח אליך דבר.',
    button: 'אישור',
  },
  fr: {
    subject: 'Mixdesk : confirmez que vous souhaitez recevoir des rapports programmés',
    text: "Une agence qui utilise Mixdesk souhaite envoyer des rapports programmés à cette adresse. Ils ne seront envoyés qu'après votre confirmation ici :",
    ignore: "Si vous n'attendiez pas ce message, ignorez-le : rien ne vous sera envoyé.",
    button: 'Confirmer',
  },
  ro: {
    subject: 'Mixdesk: confirmați că doriți să primiți rapoarte programate',
    text: 'O agenție care folosește Mixdesk dorește să trimită rapoarte programate la această adresă. Acestea vor fi trimise numai după ce confirmați aici:',
    ignore: 'Dacă nu vă așteptați la acest mesaj, ignorați-l: nu vi se va trimite nimic.',
    button: 'Confirmă',
  },
  zh: {
    subject: 'Mixdesk：请确认您希望接收定时报表',
    text: '一家使用 Mixdesk 的代理公司希望向此地址发送定时报表。只有在您于此处确认后，报表才会发送：',
    ignore: '如果您并未预期收到此邮件，请忽略它：我们不会向您发送任何内容。',
    button: '确认',
  },
};
