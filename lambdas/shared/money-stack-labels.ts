import type { ExportLanguage } from './export-language';
import { percentIn } from './locale-numbers';

/**
 * The money stack's words in an exported file (net media, the fees, subtotal, VAT, total): one
 * set for the plan export (shared/export-labels.ts) and the billable statement's file
 * (modules/billing/export-labels.ts), so a client reads the same words in both. Small on purpose:
 * the statement's bundle takes these without the plan export's labels.
 */
export interface MoneyStackLabels {
  net: string;
  managementFee: string;
  systemFee: string;
  creativeFee: string;
  setupFee: string;
  subtotal: string;
  vat: string;
  vatPct: (pct: number) => string;
  vatOff: string;
  total: string;
}

export const MONEY_STACK_LABELS: Readonly<Record<ExportLanguage, MoneyStackLabels>> = {
  en: {
    net: 'Net media',
    managementFee: 'Management fee',
    systemFee: 'System fee',
    creativeFee: 'Creative fees',
    setupFee: 'Setup fee',
    subtotal: 'Subtotal',
    vat: 'VAT',
    vatPct: (pct) => `VAT ${pct}%`,
    vatOff: 'VAT not applied',
    total: 'Total',
  },
  he: {
    net: 'מדיה נטו',
    managementFee: 'עמלת ניהול',
    systemFee: 'עמלת מערכת',
    creativeFee: 'עמלות קריאייטיב',
    setupFee: 'דמי הקמה',
    subtotal: 'סכום ביניים',
    vat: 'מע"מ',
    vatPct: (pct) => `מע"מ ${pct}%`,
    vatOff: 'מע"מ (לא חל)',
    total: 'סה"כ',
  },
  fr: {
    net: 'Net média',
    managementFee: 'Frais de gestion',
    systemFee: 'Frais techniques',
    creativeFee: 'Frais de création',
    setupFee: 'Frais de mise en place',
    subtotal: 'Sous-total',
    vat: 'TVA',
    vatPct: (pct) => `TVA ${percentIn('fr', pct)}`,
    vatOff: 'TVA (non appliquée)',
    total: 'Total',
  },
  ro: {
    net: 'Cost media net',
    managementFee: 'Comision de management',
    systemFee: 'Comision de sistem',
    creativeFee: 'Tarife materiale creative',
    setupFee: 'Tarif de configurare',
    subtotal: 'Subtotal',
    vat: 'TVA',
    vatPct: (pct) => `TVA ${percentIn('ro', pct)}`,
    vatOff: 'TVA (nu se aplică)',
    total: 'Total',
  },
  zh: {
    net: '净媒介费',
    managementFee: '管理费',
    systemFee: '系统费',
    creativeFee: '素材费',
    setupFee: '启动费',
    subtotal: '小计',
    vat: '增值税',
    vatPct: (pct) => `增值税 ${percentIn('zh', pct)}`,
    vatOff: '增值税（不适用）',
    total: '总计',
  },
};
