import type { Locale } from '../../shared/locales';

/** The pacing digest mail's and its unsubscribe page's words, in every console language. */
export interface DigestWords {
  subject: (count: number, daily: boolean) => string;
  intro: (lower: number, upper: number) => string;
  under: string;
  over: string;
  pacing: string;
  projection: string;
  budget: string;
  dailyNeeded: string;
  open: string;
  why: string;
  unsubscribe: string;
  /** The unsubscribe page. */
  done: string;
  invalid: string;
}

export const DIGEST_WORDS: Readonly<Record<Locale, DigestWords>> = {
  en: {
    subject: (n, daily) => `${daily ? 'Daily' : 'Weekly'} pacing: ${n} ${n === 1 ? 'activity' : 'activities'} off pace`,
    intro: (lo, hi) => `Live activities you own or approved that pace under ${lo} % or over ${hi} % of their plan:`,
    under: 'Under-pacing',
    over: 'Over-pacing',
    pacing: 'Pacing',
    projection: 'Projected end spend',
    budget: 'Budget',
    dailyNeeded: 'Daily spend needed',
    open: 'Open the activity',
    why: 'You receive this digest because of your pacing digest setting in your Mixdesk profile.',
    unsubscribe: 'Stop these mails',
    done: 'You will no longer receive the pacing digest. You can turn it on again in your profile.',
    invalid: 'This link is not valid.',
  },
  he: {
    subject: (n, daily) => `קצב ${daily ? 'יומי' : 'שבועי'}: ${n} פעילויות מחוץ לקצב`,
    intro: (lo, hi) => `פעילויות פעילות שבבעלותך או שאישרת, שקצב ההוצאה שלהן מתחת ל־${lo}% או מעל ${hi}% מהתוכנית:`,
    under: 'הוצאה בחסר',
    over: 'הוצאה ביתר',
    pacing: 'קצב',
    projection: 'הוצאה צפויה בסיום',
    budget: 'תקציב',
    dailyNeeded: 'הוצאה יומית נדרשת',
    open: 'לפתיחת הפעילות',
    why: 'קיבלת סיכום זה בהתאם להגדרת סיכום הקצב בפרופיל שלך ב־Mixdesk.',
    unsubscribe: 'הפסקת הדיוור',
    done: 'לא יישלח אליך עוד סיכום הקצב. אפשר להפעיל אותו מחדש בפרופיל.',
    invalid: 'הקישור אינו תקף.',
  },
  fr: {
    subject: (n, daily) => `Rythme ${daily ? 'quotidien' : 'hebdomadaire'} : ${n} activité(s) hors rythme`,
    intro: (lo, hi) =>
      `Activités en cours que vous possédez ou avez approuvées, dont le rythme est sous ${lo} % ou au-dessus de ${hi} % du plan :`,
    under: 'Sous-diffusion',
    over: 'Sur-diffusion',
    pacing: 'Rythme',
    projection: 'Dépense projetée en fin',
    budget: 'Budget',
    dailyNeeded: 'Dépense quotidienne nécessaire',
    open: "Ouvrir l'activité",
    why: 'Vous recevez ce récapitulatif selon votre réglage de récapitulatif du rythme dans votre profil Mixdesk.',
    unsubscribe: 'Ne plus recevoir ces e-mails',
    done: 'Vous ne recevrez plus le récapitulatif du rythme. Vous pouvez le réactiver dans votre profil.',
    invalid: "Ce lien n'est pas valide.",
  },
  ro: {
    subject: (n, daily) => `Ritm ${daily ? 'zilnic' : 'săptămânal'}: ${n} activități în afara ritmului`,
    intro: (lo, hi) =>
      `Activitățile în desfășurare pe care le dețineți sau le-ați aprobat, cu ritmul sub ${lo} % sau peste ${hi} % din plan:`,
    under: 'Sub ritm',
    over: 'Peste ritm',
    pacing: 'Ritm',
    projection: 'Cheltuială estimată la final',
    budget: 'Buget',
    dailyNeeded: 'Cheltuială zilnică necesară',
    open: 'Deschide activitatea',
    why: 'Primiți acest rezumat conform setării rezumatului de ritm din profilul dvs. Mixdesk.',
    unsubscribe: 'Opriți aceste e-mailuri',
    done: 'Nu veți mai primi rezumatul de ritm. Îl puteți reactiva din profil.',
    invalid: 'Acest link nu este valid.',
  },
  zh: {
    subject: (n, daily) => `${daily ? '每日' : '每周'}投放节奏：${n} 个活动偏离节奏`,
    intro: (lo, hi) => `您创建或批准的进行中活动，其投放节奏低于计划的 ${lo}% 或高于 ${hi}%：`,
    under: '投放不足',
    over: '投放过度',
    pacing: '节奏',
    projection: '预计最终花费',
    budget: '预算',
    dailyNeeded: '所需每日花费',
    open: '打开活动',
    why: '您收到此摘要，是因为您在 Mixdesk 个人资料中设置了投放节奏摘要。',
    unsubscribe: '停止接收这些邮件',
    done: '您将不再收到投放节奏摘要。您可以在个人资料中重新开启。',
    invalid: '此链接无效。',
  },
};
