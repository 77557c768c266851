import type { Locale } from '../../shared/locales';

/**
 * The sentences of the deterministic analysis (deterministic-analysis.ts) per language, and how each
 * writes a figure's unit; the number itself is written in the language's notation
 * (figure-notation.ts). Every figure is followed by its fact id, so the grounding check reads the
 * units below (figure-reading.ts knows each).
 */
export interface FigureUnits {
  percent: (n: string) => string;
  ratio: (n: string) => string;
  ils: (n: string) => string;
  usd: (n: string) => string;
  /** `v` the number of days, for the word's form. */
  days: (n: string, v: number) => string;
}

export interface AnalysisWords {
  notice: string;
  planPacing: (s: string, pct: string, actual: string, planned: string, state: string) => string;
  under: (low: string) => string;
  over: (high: string) => string;
  onPace: (low: string, high: string) => string;
  lineUnder: (s: string, pct: string) => string;
  lineOver: (s: string, pct: string) => string;
  need: (daily: string, days: string) => string;
  overBudget: (over: string) => string;
  projection: (s: string, projected: string, gap: string, above: boolean, budget: string) => string;
  projectionOnBudget: (s: string, projected: string) => string;
  ctrOutlier: (s: string, ratio: string, ctr: string, planCtr: string) => string;
  cpaOutlier: (s: string, ratio: string, cpa: string, planCpa: string) => string;
  periods: (recent: string, previous: string) => string;
  change: (label: string, recent: string, prev: string, pct: string | null, up: boolean) => string;
  unchanged: (label: string, recent: string, prev: string) => string;
  changeLabels: Readonly<Record<string, string>>;
  missing: (days: string) => string;
  provisional: (pct: string) => string;
  connectors: (n: string) => string;
  nothing: string;
  /** What ends a sentence built of parts (a line's pacing and what it needs). */
  end: string;
  units: FigureUnits;
  /** Each figure wrapped in a left-to-right isolate (Hebrew), so it reads left to right inside the sentence. */
  isolate?: boolean;
}

const EN: AnalysisWords = {
  notice: "This analysis was written by Mixdesk's rules from the computed facts below, not by a language model.",
  planPacing: (s: string, pct: string, actual: string, planned: string, state: string) =>
    `"${s}": ${actual} spent of ${planned} planned to date, pacing ${pct} — ${state}.`,
  under: (low: string) => `under-pacing (below ${low})`,
  over: (high: string) => `over-pacing (above ${high})`,
  onPace: (low: string, high: string) => `on pace (between ${low} and ${high})`,
  lineUnder: (s: string, pct: string) => `"${s}" is under-pacing at ${pct}`,
  lineOver: (s: string, pct: string) => `"${s}" is over-pacing at ${pct}`,
  need: (daily: string, days: string) => `; it needs ${daily} a day for the ${days} left to land on its budget`,
  overBudget: (over: string) => `; it is over its budget by ${over}`,
  projection: (s: string, projected: string, gap: string, above: boolean, budget: string) =>
    `"${s}" is projected to spend ${projected} by its end date, ${gap} ${above ? 'above' : 'below'} its budget of ${budget}.`,
  projectionOnBudget: (s: string, projected: string) =>
    `"${s}" is projected to spend ${projected} by its end date, on its budget.`,
  ctrOutlier: (s: string, ratio: string, ctr: string, planCtr: string) =>
    `"${s}": actual CTR ${ctr} is ${ratio} the whole plan's actual CTR of ${planCtr}.`,
  cpaOutlier: (s: string, ratio: string, cpa: string, planCpa: string) =>
    `"${s}": actual CPA ${cpa} is ${ratio} the whole plan's actual CPA of ${planCpa}.`,
  periods: (recent: string, previous: string) => `The last ${recent} against the ${previous} before them:`,
  change: (label: string, recent: string, prev: string, pct: string | null, up: boolean) =>
    `${label} ${recent} against ${prev}${pct === null ? '' : `, ${up ? 'up' : 'down'} ${pct}`}.`,
  unchanged: (label: string, recent: string, prev: string) => `${label} ${recent} against ${prev}, unchanged.`,
  changeLabels: {
    recent_spend: 'Spend',
    recent_ctr: 'CTR',
    recent_cpa: 'CPA',
    recent_conversions: 'Conversions',
  },
  missing: (days: string) =>
    `Caveat: ${days} of the flight to date have no actuals at all; the figures may be incomplete.`,
  provisional: (pct: string) =>
    `Caveat: ${pct} of the days of data are still provisional; the platforms may restate them.`,
  connectors: (n: string) =>
    `Caveat: connectors feeding these actuals are not healthy (${n}); recent days may be missing.`,
  nothing: "No line is under- or over-pacing, and no CTR or CPA stands out from the plan's.",
  end: '.',
  units: {
    percent: (n) => `${n}%`,
    ratio: (n) => `${n}×`,
    ils: (n) => `₪${n}`,
    usd: (n) => `$${n}`,
    days: (n, v) => `${n} ${v === 1 ? 'day' : 'days'}`,
  },
};

const HE: AnalysisWords = {
  notice: 'הניתוח הזה נכתב על ידי הכללים של Mixdesk מתוך העובדות המחושבות שלהלן, ולא על ידי מודל שפה.',
  planPacing: (s, pct, actual, planned, state) =>
    `"${s}": הוצאו ${actual} מתוך ${planned} שתוכננו עד היום, קצב ${pct} — ${state}.`,
  under: (low) => `הוצאה בחסר (מתחת ל-${low})`,
  over: (high) => `הוצאה ביתר (מעל ${high})`,
  onPace: (low, high) => `בקצב (בין ${low} ל-${high})`,
  lineUnder: (s, pct) => `"${s}" בהוצאה בחסר, בקצב ${pct}`,
  lineOver: (s, pct) => `"${s}" בהוצאה ביתר, בקצב ${pct}`,
  need: (daily, days) => `; נדרשים ${daily} ליום במשך ${days} שנותרו כדי לעמוד בתקציב`,
  overBudget: (over) => `; חרגה מהתקציב שלה ב-${over}`,
  projection: (s, projected, gap, above, budget) =>
    `לפי הקצב הנוכחי "${s}" צפוי להוציא ${projected} עד תאריך הסיום, ${gap} ${above ? 'מעל' : 'מתחת'} לתקציב של ${budget}.`,
  projectionOnBudget: (s, projected) => `לפי הקצב הנוכחי "${s}" צפוי להוציא ${projected} עד תאריך הסיום, בדיוק בתקציב.`,
  ctrOutlier: (s, ratio, ctr, planCtr) =>
    `"${s}": שיעור ההקלקה בפועל ${ctr} הוא פי ${ratio} משיעור ההקלקה בפועל של התוכנית כולה (${planCtr}).`,
  cpaOutlier: (s, ratio, cpa, planCpa) =>
    `"${s}": העלות להמרה בפועל ${cpa} היא פי ${ratio} מהעלות להמרה בפועל של התוכנית כולה (${planCpa}).`,
  periods: (recent, previous) => `ב-${recent} האחרונים לעומת ${previous} שלפניהם:`,
  change: (label, recent, prev, pct, up) =>
    `${label}: ${recent} לעומת ${prev}${pct === null ? '' : `, ${up ? 'עלייה' : 'ירידה'} של ${pct}`}.`,
  unchanged: (label, recent, prev) => `${label}: ${recent} לעומת ${prev}, ללא שינוי.`,
  changeLabels: {
    recent_spend: 'הוצאה',
    recent_ctr: 'שיעור הקלקה',
    recent_cpa: 'עלות להמרה',
    recent_conversions: 'המרות',
  },
  missing: (days) => `הסתייגות: ב-${days} מימי הקמפיין עד היום אין נתונים כלל; ייתכן שהנתונים חסרים.`,
  provisional: (pct) => `הסתייגות: ${pct} מימי הנתונים עדיין זמניים; הפלטפורמות עשויות לעדכן אותם.`,
  connectors: (n) => `הסתייגות: מחברים שמזינים את הנתונים אינם תקינים (${n}); ייתכן שימים אחרונים חסרים.`,
  nothing: 'אין שורה בהוצאה בחסר או ביתר, ואין שיעור הקלקה או עלות להמרה שחורגים מאלה של התוכנית.',
  end: '.',
  units: {
    percent: (n) => `${n}%`,
    // Hebrew says the ratio in words: פי 3.6
    ratio: (n) => n,
    ils: (n) => `${n} ₪`,
    usd: (n) => `$${n}`,
    days: (n, v) => `${n} ${v === 1 ? 'יום' : 'ימים'}`,
  },
  isolate: true,
};

/** French and Romanian set a narrow no-break space before % (as Intl does). */
const spacedPercent = (n: string) => `${n}\u202f%`;

const FR: AnalysisWords = {
  notice:
    'Cette analyse a été rédigée par les règles de Mixdesk à partir des faits calculés ci-dessous, et non par un modèle de langage.',
  planPacing: (s, pct, actual, planned, state) =>
    `"${s}" : ${actual} dépensés sur ${planned} prévus à date, rythme de dépense de ${pct} — ${state}.`,
  under: (low) => `en sous-consommation (en dessous de ${low})`,
  over: (high) => `en surconsommation (au-dessus de ${high})`,
  onPace: (low, high) => `dans le rythme (entre ${low} et ${high})`,
  lineUnder: (s, pct) => `"${s}" est en sous-consommation à ${pct}`,
  lineOver: (s, pct) => `"${s}" est en surconsommation à ${pct}`,
  need: (daily, days) => ` ; il lui faut ${daily} par jour pendant les ${days} restants pour atteindre son budget`,
  overBudget: (over) => ` ; il dépasse son budget de ${over}`,
  projection: (s, projected, gap, above, budget) =>
    `"${s}" devrait dépenser ${projected} d'ici sa date de fin, soit ${gap} ${above ? 'au-dessus' : 'en dessous'} de son budget de ${budget}.`,
  projectionOnBudget: (s, projected) =>
    `"${s}" devrait dépenser ${projected} d'ici sa date de fin, soit exactement son budget.`,
  ctrOutlier: (s, ratio, ctr, planCtr) =>
    `"${s}" : le CTR réalisé de ${ctr} représente ${ratio} le CTR réalisé de l'ensemble du plan (${planCtr}).`,
  cpaOutlier: (s, ratio, cpa, planCpa) =>
    `"${s}" : le CPA réalisé de ${cpa} représente ${ratio} le CPA réalisé de l'ensemble du plan (${planCpa}).`,
  periods: (recent, previous) => `Sur les derniers ${recent}, par rapport aux ${previous} précédents :`,
  change: (label, recent, prev, pct, up) =>
    `${label} : ${recent} contre ${prev}${pct === null ? '' : `, ${up ? 'en hausse' : 'en baisse'} de ${pct}`}.`,
  unchanged: (label, recent, prev) => `${label} : ${recent} contre ${prev}, sans changement.`,
  changeLabels: {
    recent_spend: 'Dépenses',
    recent_ctr: 'CTR',
    recent_cpa: 'CPA',
    recent_conversions: 'Conversions',
  },
  missing: (days) =>
    `À noter : ${days} de la période de diffusion écoulée n'ont aucune donnée réalisée ; les chiffres peuvent être incomplets.`,
  provisional: (pct) =>
    `À noter : ${pct} des jours de données sont encore provisoires ; les plateformes peuvent les corriger.`,
  connectors: (n) =>
    `À noter : des connecteurs qui alimentent ces données sont en erreur (${n}) ; des jours récents peuvent manquer.`,
  nothing:
    "Aucune ligne n'est en sous-consommation ni en surconsommation, et aucun CTR ni CPA ne se démarque de ceux du plan.",
  end: '.',
  units: {
    percent: spacedPercent,
    ratio: (n) => `${n} fois`,
    ils: (n) => `${n} ₪`,
    usd: (n) => `${n} $`,
    days: (n, v) => `${n} ${v < 2 ? 'jour' : 'jours'}`,
  },
};

/** Romanian counts of 20 and more (but those ending in 01–19) take "de": 5 zile, 20 de zile, 101 zile. */
const daysRo = (n: string, v: number) => {
  const rest = Math.abs(v) % 100;
  return `${n} ${v === 1 ? 'zi' : Number.isInteger(v) && v > 0 && (rest === 0 || rest >= 20) ? 'de zile' : 'zile'}`;
};

const RO: AnalysisWords = {
  notice:
    'Această analiză a fost redactată de regulile Mixdesk pe baza faptelor calculate mai jos, nu de un model de limbaj.',
  planPacing: (s, pct, actual, planned, state) =>
    `"${s}": ${actual} cheltuiți din ${planned} planificați până azi, ritm de ${pct} — ${state}.`,
  under: (low) => `sub ritm (sub ${low})`,
  over: (high) => `peste ritm (peste ${high})`,
  onPace: (low, high) => `în ritm (între ${low} și ${high})`,
  lineUnder: (s, pct) => `"${s}" este sub ritm, la ${pct}`,
  lineOver: (s, pct) => `"${s}" este peste ritm, la ${pct}`,
  need: (daily, days) => `; are nevoie de ${daily} pe zi în cele ${days} rămase pentru a-și atinge bugetul`,
  overBudget: (over) => `; și-a depășit bugetul cu ${over}`,
  projection: (s, projected, gap, above, budget) =>
    `"${s}" ar urma să cheltuiască ${projected} până la data de încheiere, cu ${gap} ${above ? 'peste' : 'sub'} bugetul de ${budget}.`,
  projectionOnBudget: (s, projected) =>
    `"${s}" ar urma să cheltuiască ${projected} până la data de încheiere, exact cât bugetul.`,
  ctrOutlier: (s, ratio, ctr, planCtr) =>
    `"${s}": CTR-ul realizat de ${ctr} este de ${ratio} CTR-ul realizat al întregului plan (${planCtr}).`,
  cpaOutlier: (s, ratio, cpa, planCpa) =>
    `"${s}": CPA-ul realizat de ${cpa} este de ${ratio} CPA-ul realizat al întregului plan (${planCpa}).`,
  periods: (recent, previous) => `În ultimele ${recent}, față de cele ${previous} dinainte:`,
  change: (label, recent, prev, pct, up) =>
    `${label}: ${recent} față de ${prev}${pct === null ? '' : `, ${up ? 'în creștere' : 'în scădere'} cu ${pct}`}.`,
  unchanged: (label, recent, prev) => `${label}: ${recent} față de ${prev}, fără schimbare.`,
  changeLabels: {
    recent_spend: 'Cheltuieli',
    recent_ctr: 'CTR',
    recent_cpa: 'CPA',
    recent_conversions: 'Conversii',
  },
  missing: (days) =>
    `Atenție: ${days} din perioada de difuzare scursă nu au deloc date reale; cifrele pot fi incomplete.`,
  provisional: (pct) => `Atenție: ${pct} din zilele cu date sunt încă provizorii; platformele le pot corecta.`,
  connectors: (n) =>
    `Atenție: conectori care furnizează aceste date nu funcționează corect (${n}); pot lipsi zile recente.`,
  nothing:
    'Nicio linie nu este sub sau peste ritm și niciun CTR sau CPA nu iese în evidență față de cele ale planului.',
  end: '.',
  units: {
    percent: spacedPercent,
    ratio: (n) => `${n} ori`,
    ils: (n) => `${n} ₪`,
    usd: (n) => `${n} $`,
    days: daysRo,
  },
};

const ZH: AnalysisWords = {
  notice: '本分析由 Mixdesk 的规则根据下方计算出的事实生成，而非由语言模型撰写。',
  planPacing: (s, pct, actual, planned, state) =>
    `"${s}"：截至目前已花费 ${actual}，计划花费 ${planned}，投放进度 ${pct} — ${state}。`,
  under: (low) => `进度落后（低于 ${low}）`,
  over: (high) => `进度超前（高于 ${high}）`,
  onPace: (low, high) => `进度正常（介于 ${low} 与 ${high} 之间）`,
  lineUnder: (s, pct) => `"${s}" 进度落后，投放进度为 ${pct}`,
  lineOver: (s, pct) => `"${s}" 进度超前，投放进度为 ${pct}`,
  need: (daily, days) => `；需要在剩余的 ${days}内每天花费 ${daily} 才能用完预算`,
  overBudget: (over) => `；已超出预算 ${over}`,
  projection: (s, projected, gap, above, budget) =>
    `按当前进度，"${s}" 预计到结束日期将花费 ${projected}，${above ? '高于' : '低于'}预算 ${budget}，差额 ${gap}。`,
  projectionOnBudget: (s, projected) => `按当前进度，"${s}" 预计到结束日期将花费 ${projected}，与预算持平。`,
  ctrOutlier: (s, ratio, ctr, planCtr) => `"${s}"：实际 CTR 为 ${ctr}，是整个计划实际 CTR（${planCtr}）的 ${ratio}。`,
  cpaOutlier: (s, ratio, cpa, planCpa) => `"${s}"：实际 CPA 为 ${cpa}，是整个计划实际 CPA（${planCpa}）的 ${ratio}。`,
  periods: (recent, previous) => `最近 ${recent}与之前 ${previous}相比：`,
  change: (label, recent, prev, pct, up) =>
    `${label}：${recent}，此前为 ${prev}${pct === null ? '' : `，${up ? '上升' : '下降'} ${pct}`}。`,
  unchanged: (label, recent, prev) => `${label}：${recent}，此前为 ${prev}，没有变化。`,
  changeLabels: {
    recent_spend: '花费',
    recent_ctr: 'CTR',
    recent_cpa: 'CPA',
    recent_conversions: '转化次数',
  },
  missing: (days) => `注意：投放期至今有 ${days}完全没有实际数据；数据可能不完整。`,
  provisional: (pct) => `注意：${pct} 的数据日仍为暂定；平台可能会回溯修正这些数据。`,
  connectors: (n) => `注意：为这些实际数据提供来源的连接器状态异常（${n}）；最近几天的数据可能缺失。`,
  nothing: '没有计划行进度落后或超前，也没有 CTR 或 CPA 明显偏离计划整体水平。',
  end: '。',
  units: {
    percent: (n) => `${n}%`,
    ratio: (n) => `${n} 倍`,
    ils: (n) => `₪${n}`,
    usd: (n) => `$${n}`,
    days: (n) => `${n} 天`,
  },
};

export const ANALYSIS_WORDS: Readonly<Record<Locale, AnalysisWords>> = { en: EN, he: HE, fr: FR, ro: RO, zh: ZH };
