import type { ExportLanguage } from '../../shared/export-language';
import type { FlowGrain, FlowPeriod } from '../../shared/flowchart';
import { INTL_TAGS } from '../../shared/locales';
import { minorToNumber } from '../../shared/money';

/**
 * The figures and column names of the flowchart PDF in its language. Intl formatters are made per
 * document (one made at import would start ICU in every cold start of the bundle).
 */
export interface FlowFormat {
  amount: (minor: number) => string;
  period: (p: FlowPeriod) => string;
}

/** Amounts without decimals when every figure of the chart is whole, as the console's flowchart. */
export function flowFormat(lang: ExportLanguage, grain: FlowGrain, figures: readonly number[]): FlowFormat {
  const whole = figures.every((m) => m % 100 === 0);
  const digits = whole ? 0 : 2;
  const number = new Intl.NumberFormat(INTL_TAGS[lang], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const dates = new Intl.DateTimeFormat(
    INTL_TAGS[lang],
    grain === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
  return {
    amount: (minor) => number.format(minorToNumber(minor)),
    period: (p) => dates.format(new Date(`${p.start}T00:00:00Z`)),
  };
}
