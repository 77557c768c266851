import type { ExportLanguage } from './export-language';

/**
 * The exported plan's line table: its columns in their order on the sheet, their labels and the
 * totals block's label per language — apart from the rest of the export's words
 * (shared/export-labels.ts, which uses these), because the import (modules/media-plans/import.ts) reads
 * the table back by them and its Lambda carries no more words than it needs (docs/lambda-bundles.md).
 * `lineId` (last, so the figures keep their places) is the line's id: the import matches rows to
 * lines by it.
 */
export const LINE_COLUMNS = [
  'channel',
  'line',
  'start',
  'end',
  'buyType',
  'unitCost',
  'budget',
  'managementFeePct',
  'managementFee',
  'systemFeePct',
  'systemFee',
  'images',
  'videos',
  'creativeFee',
  'subtotal',
  'impressions',
  'clicks',
  'conversions',
  'views',
  'lineId',
] as const;
export type LineColumn = (typeof LINE_COLUMNS)[number];

/** The columns a planner edits (and the line id): what the import reads back. The rest are figures the sheet computes. */
export const LINE_INPUT_COLUMNS = [
  'channel',
  'line',
  'start',
  'end',
  'buyType',
  'unitCost',
  'budget',
  'managementFeePct',
  'systemFeePct',
  'images',
  'videos',
  'lineId',
] as const satisfies readonly LineColumn[];
export type LineInputColumn = (typeof LINE_INPUT_COLUMNS)[number];
type FigureColumn = Exclude<LineColumn, LineInputColumn>;

/** The input columns' labels and the totals block's label, per language (the import matches them). */
export const LINE_TABLE_LABELS: Readonly<
  Record<ExportLanguage, { columns: Readonly<Record<LineInputColumn, string>>; totals: string }>
> = {
  en: {
    columns: {
      channel: 'Channel',
      line: 'Line',
      start: 'Start',
      end: 'End',
      buyType: 'Buy type',
      unitCost: 'Unit cost',
      budget: 'Budget (net)',
      managementFeePct: 'Management fee %',
      systemFeePct: 'System fee %',
      images: 'Images',
      videos: 'Videos',
      lineId: 'Line id',
    },
    totals: 'Totals',
  },
  he: {
    columns: {
      channel: 'ערוץ',
      line: 'שם השורה',
      start: 'התחלה',
      end: 'סיום',
      buyType: 'שיטת רכישה',
      unitCost: 'עלות ליחידה',
      budget: 'תקציב (נטו)',
      managementFeePct: '% עמלת ניהול',
      systemFeePct: '% עמלת מערכת',
      images: 'תמונות',
      videos: 'סרטונים',
      lineId: 'מזהה שורה',
    },
    totals: 'סיכומים',
  },
  fr: {
    columns: {
      channel: 'Canal',
      line: 'Ligne',
      start: 'Début',
      end: 'Fin',
      buyType: "Mode d'achat",
      unitCost: 'Coût unitaire',
      budget: 'Budget (net)',
      managementFeePct: 'Frais de gestion %',
      systemFeePct: 'Frais techniques %',
      images: 'Images',
      videos: 'Vidéos',
      lineId: 'ID de ligne',
    },
    totals: 'Totaux',
  },
  ro: {
    columns: {
      channel: 'Canal',
      line: 'Linie',
      start: 'Început',
      end: 'Sfârșit',
      buyType: 'Tip de achiziție',
      unitCost: 'Cost unitar',
      budget: 'Buget (net)',
      managementFeePct: 'Comision de management %',
      systemFeePct: 'Comision de sistem %',
      images: 'Imagini',
      videos: 'Videoclipuri',
      lineId: 'ID linie',
    },
    totals: 'Totaluri',
  },
  zh: {
    columns: {
      channel: '渠道',
      line: '计划行',
      start: '开始日期',
      end: '结束日期',
      buyType: '购买方式',
      unitCost: '单价',
      budget: '预算（净）',
      managementFeePct: '管理费 %',
      systemFeePct: '系统费 %',
      images: '图片',
      videos: '视频',
      lineId: '计划行 ID',
    },
    totals: '合计',
  },
};

/** The computed columns' labels (export only). */
export const LINE_FIGURE_LABELS: Readonly<Record<ExportLanguage, Readonly<Record<FigureColumn, string>>>> = {
  en: {
    managementFee: 'Management fee',
    systemFee: 'System fee',
    creativeFee: 'Creative fees',
    subtotal: 'Subtotal',
    impressions: 'Impressions',
    clicks: 'Clicks',
    conversions: 'Conversions',
    views: 'Views',
  },
  he: {
    managementFee: 'עמלת ניהול',
    systemFee: 'עמלת מערכת',
    creativeFee: 'עמלות קריאייטיב',
    subtotal: 'סכום ביניים',
    impressions: 'חשיפות',
    clicks: 'הקלקות',
    conversions: 'המרות',
    views: 'צפיות',
  },
  fr: {
    managementFee: 'Frais de gestion',
    systemFee: 'Frais techniques',
    creativeFee: 'Frais de création',
    subtotal: 'Sous-total',
    impressions: 'Impressions',
    clicks: 'Clics',
    conversions: 'Conversions',
    views: 'Vues',
  },
  ro: {
    managementFee: 'Comision de management',
    systemFee: 'Comision de sistem',
    creativeFee: 'Tarife materiale creative',
    subtotal: 'Subtotal',
    impressions: 'Afișări',
    clicks: 'Clicuri',
    conversions: 'Conversii',
    views: 'Vizualizări',
  },
  zh: {
    managementFee: '管理费',
    systemFee: '系统费',
    creativeFee: '素材费',
    subtotal: '小计',
    impressions: '展示次数',
    clicks: '点击次数',
    conversions: '转化次数',
    views: '观看次数',
  },
};
