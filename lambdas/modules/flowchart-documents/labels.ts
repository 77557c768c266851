import type { ExportLanguage } from '../../shared/export-language';

/**
 * The words of the flowchart PDF per language (docs/documents.md). The server writes them itself
 * (the console's catalogues are not on it), as the insertion-order document does; the channel
 * groups' names are the console's (`flowchart.groups` of media-plan.<lang>.json).
 */
export interface FlowchartLabels {
  title: string;
  agency: string;
  plan: string;
  version: string;
  order: string;
  orderTitle: (number: string) => string;
  account: string;
  activity: string;
  vendor: string;
  currency: string;
  line: string;
  total: string;
  totals: string;
  today: string;
  noVendor: string;
  groups: Readonly<Record<'Search' | 'Social' | 'Video' | 'Display' | 'Offline' | 'Other', string>>;
  page: (n: number, of: number) => string;
  /** The file's name without its extension. */
  fileName: (name: string) => string;
}

export const FLOWCHART_LABELS: Readonly<Record<ExportLanguage, FlowchartLabels>> = {
  en: {
    title: 'Flowchart',
    agency: 'Agency',
    plan: 'Plan',
    version: 'Version',
    order: 'Order',
    orderTitle: (n) => `Order ${n}`,
    account: 'Account',
    activity: 'Activity',
    vendor: 'Vendor',
    currency: 'Currency',
    line: 'Line',
    total: 'Total',
    totals: 'Totals',
    today: 'Today',
    noVendor: 'No vendor',
    groups: {
      Search: 'Search',
      Social: 'Social',
      Video: 'Video',
      Display: 'Display',
      Offline: 'Offline',
      Other: 'Other',
    },
    page: (n, of) => `Page ${n} of ${of}`,
    fileName: (name) => `${name} - Flowchart`,
  },
  he: {
    title: 'תרשים זרימה',
    agency: 'סוכנות',
    plan: 'תוכנית',
    version: 'גרסה',
    order: 'הזמנה',
    orderTitle: (n) => `הזמנה ${n}`,
    account: 'לקוח',
    activity: 'פעילות',
    vendor: 'ספק',
    currency: 'מטבע',
    line: 'שורה',
    total: 'סה"כ',
    totals: 'סה"כ לתקופה',
    today: 'היום',
    noVendor: 'ללא ספק',
    groups: {
      Search: 'חיפוש',
      Social: 'רשתות חברתיות',
      Video: 'וידאו',
      Display: 'דיספליי',
      Offline: 'אופליין',
      Other: 'אחר',
    },
    page: (n, of) => `עמוד ${n} מתוך ${of}`,
    fileName: (name) => `${name} - תרשים זרימה`,
  },
  fr: {
    title: 'Flowchart',
    agency: 'Agence',
    plan: 'Plan',
    version: 'Version',
    order: 'Commande',
    orderTitle: (n) => `Commande ${n}`,
    account: 'Compte',
    activity: 'Activité',
    vendor: 'Fournisseur',
    currency: 'Devise',
    line: 'Ligne',
    total: 'Total',
    totals: 'Totaux',
    today: 'Aujourd’hui',
    noVendor: 'Sans fournisseur',
    groups: {
      Search: 'Search',
      Social: 'Réseaux sociaux',
      Video: 'Vidéo',
      Display: 'Display',
      Offline: 'Hors ligne',
      Other: 'Autre',
    },
    page: (n, of) => `Page ${n} sur ${of}`,
    fileName: (name) => `${name} - Flowchart`,
  },
  ro: {
    title: 'Flowchart',
    agency: 'Agenție',
    plan: 'Plan',
    version: 'Versiune',
    order: 'Comandă',
    orderTitle: (n) => `Comanda ${n}`,
    account: 'Cont',
    activity: 'Activitate',
    vendor: 'Furnizor',
    currency: 'Monedă',
    line: 'Linie',
    total: 'Total',
    totals: 'Totaluri',
    today: 'Astăzi',
    noVendor: 'Fără furnizor',
    groups: {
      Search: 'Căutare',
      Social: 'Social media',
      Video: 'Video',
      Display: 'Display',
      Offline: 'Offline',
      Other: 'Altele',
    },
    page: (n, of) => `Pagina ${n} din ${of}`,
    fileName: (name) => `${name} - Flowchart`,
  },
  zh: {
    title: '排期表',
    agency: '代理商',
    plan: '计划',
    version: '版本',
    order: '订单',
    orderTitle: (n) => `订单 ${n}`,
    account: '客户',
    activity: '活动',
    vendor: '供应商',
    currency: '币种',
    line: '行',
    total: '合计',
    totals: '总计',
    today: '今天',
    noVendor: '无供应商',
    groups: { Search: '搜索', Social: '社交媒体', Video: '视频', Display: '展示', Offline: '线下', Other: '其他' },
    page: (n, of) => `第 ${n} 页，共 ${of} 页`,
    fileName: (name) => `${name} - 排期表`,
  },
};
