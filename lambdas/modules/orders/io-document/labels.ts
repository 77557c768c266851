import type { ExportLanguage } from '../../../shared/export-language';
import type { PaymentTerms } from '../../vendors/replies';

/**
 * The words of the insertion-order document per language (docs/documents.md). The server writes
 * them itself (the console's catalogues are not on it), as the other files it writes do
 * (shared/export-labels.ts, billing/export-labels.ts).
 */
export interface IoLabels {
  title: string;
  orderNumber: string;
  version: string;
  date: string;
  agency: string;
  vendor: string;
  taxId: string;
  address: string;
  contacts: string;
  account: string;
  activity: string;
  currency: string;
  paymentTerms: string;
  terms: (t: PaymentTerms) => string;
  lines: string;
  line: string;
  channel: string;
  start: string;
  end: string;
  total: string;
  totals: string;
  instructions: string;
  conditions: string;
  page: (n: number, of: number) => string;
  sheet: string;
}

export const IO_LABELS: Readonly<Record<ExportLanguage, IoLabels>> = {
  en: {
    title: 'Insertion order',
    orderNumber: 'Order number',
    version: 'Version',
    date: 'Date',
    agency: 'Agency',
    vendor: 'Vendor',
    taxId: 'Tax ID',
    address: 'Address',
    contacts: 'Contacts',
    account: 'Account',
    activity: 'Activity',
    currency: 'Currency',
    paymentTerms: 'Payment terms',
    terms: (t) => (t.Kind === 'net' ? `Net ${t.Days} days` : `End of month + ${t.Days} days`),
    lines: 'Lines',
    line: 'Line',
    channel: 'Channel',
    start: 'Start',
    end: 'End',
    total: 'Total',
    totals: 'Totals',
    instructions: 'Instructions',
    conditions: 'Terms and conditions',
    page: (n, of) => `Page ${n} of ${of}`,
    sheet: 'Insertion order',
  },
  he: {
    title: 'הזמנת מדיה',
    orderNumber: 'מספר הזמנה',
    version: 'גרסה',
    date: 'תאריך',
    agency: 'סוכנות',
    vendor: 'ספק',
    taxId: 'מספר עוסק',
    address: 'כתובת',
    contacts: 'אנשי קשר',
    account: 'לקוח',
    activity: 'פעילות',
    currency: 'מטבע',
    paymentTerms: 'תנאי תשלום',
    terms: (t) => (t.Kind === 'net' ? `נטו ${t.Days} יום` : `שוטף + ${t.Days}`),
    lines: 'שורות',
    line: 'שורה',
    channel: 'ערוץ',
    start: 'התחלה',
    end: 'סיום',
    total: 'סה"כ',
    totals: 'סה"כ להזמנה',
    instructions: 'הנחיות',
    conditions: 'תנאים',
    page: (n, of) => `עמוד ${n} מתוך ${of}`,
    sheet: 'הזמנת מדיה',
  },
  fr: {
    title: "Ordre d'insertion",
    orderNumber: 'Numéro de commande',
    version: 'Version',
    date: 'Date',
    agency: 'Agence',
    vendor: 'Fournisseur',
    taxId: "Numéro d'identification fiscale",
    address: 'Adresse',
    contacts: 'Contacts',
    account: 'Compte',
    activity: 'Activité',
    currency: 'Devise',
    paymentTerms: 'Conditions de paiement',
    terms: (t) => (t.Kind === 'net' ? `${t.Days} jours net` : `Fin de mois + ${t.Days} jours`),
    lines: 'Lignes',
    line: 'Ligne',
    channel: 'Canal',
    start: 'Début',
    end: 'Fin',
    total: 'Total',
    totals: 'Totaux',
    instructions: 'Instructions',
    conditions: 'Conditions générales',
    page: (n, of) => `Page ${n} sur ${of}`,
    sheet: "Ordre d'insertion",
  },
  ro: {
    title: 'Comandă de difuzare',
    orderNumber: 'Număr comandă',
    version: 'Versiune',
    date: 'Data',
    agency: 'Agenție',
    vendor: 'Furnizor',
    taxId: 'Cod fiscal',
    address: 'Adresă',
    contacts: 'Persoane de contact',
    account: 'Cont',
    activity: 'Activitate',
    currency: 'Monedă',
    paymentTerms: 'Termen de plată',
    terms: (t) => (t.Kind === 'net' ? `${t.Days} de zile net` : `Sfârșitul lunii + ${t.Days} de zile`),
    lines: 'Linii',
    line: 'Linie',
    channel: 'Canal',
    start: 'Început',
    end: 'Sfârșit',
    total: 'Total',
    totals: 'Totaluri',
    instructions: 'Instrucțiuni',
    conditions: 'Termeni și condiții',
    page: (n, of) => `Pagina ${n} din ${of}`,
    sheet: 'Comandă de difuzare',
  },
  zh: {
    title: '广告投放订单',
    orderNumber: '订单编号',
    version: '版本',
    date: '日期',
    agency: '代理商',
    vendor: '供应商',
    taxId: '税号',
    address: '地址',
    contacts: '联系人',
    account: '客户',
    activity: '活动',
    currency: '货币',
    paymentTerms: '付款条件',
    terms: (t) => (t.Kind === 'net' ? `净${t.Days}天` : `月结${t.Days}天`),
    lines: '投放明细',
    line: '明细',
    channel: '渠道',
    start: '开始',
    end: '结束',
    total: '合计',
    totals: '总计',
    instructions: '说明',
    conditions: '条款',
    page: (n, of) => `第 ${n} 页，共 ${of} 页`,
    sheet: '广告投放订单',
  },
};
