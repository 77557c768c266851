/** One plan line's amounts and a plan's footer (docs/domain.md). */
import {
  BPS_PER_WHOLE,
  divideHalfUp,
  MONEY_DECIMALS,
  MoneyInputError,
  parseScaled,
  PCT_DECIMALS,
  toSafe,
  type DecimalInput,
  type Minor,
} from './money-primitives';

export interface LineInput {
  /** Net media in the account currency, up to 2 decimals. */
  budget: DecimalInput;
  /** Percent, up to 2 decimals (15 means 15 %). */
  managementFeePct: DecimalInput;
  systemFeePct: DecimalInput;
  /** Whole counts ≥ 0. */
  imageCreatives: number;
  videoCreatives: number;
}

export interface CreativeFees {
  /** Per creative, in major units (SystemConfiguration ImageSubmitFee 0.5, VideoSubmitFee 1.3). */
  imageSubmitFee: DecimalInput;
  videoSubmitFee: DecimalInput;
}

export interface PlanConfig extends CreativeFees {
  applyVat: boolean;
  vatPct: DecimalInput;
  /** Charged once per media mix that has at least one line. */
  setupFee: DecimalInput;
}

/** Every field is minor units, rounded once; subtotal is the sum of the rounded parts. */
export interface LineAmounts {
  net: Minor;
  managementFee: Minor;
  systemFee: Minor;
  creativeFee: Minor;
  subtotal: Minor;
}

export interface PlanTotals {
  lines: LineAmounts[];
  net: Minor;
  managementFee: Minor;
  systemFee: Minor;
  creativeFee: Minor;
  setupFee: Minor;
  subtotal: Minor;
  vat: Minor;
  total: Minor;
}

interface ParsedFees {
  image: bigint;
  video: bigint;
}

function parseFees(config: CreativeFees): ParsedFees {
  return {
    image: parseScaled(config.imageSubmitFee, MONEY_DECIMALS, 'imageSubmitFee'),
    video: parseScaled(config.videoSubmitFee, MONEY_DECIMALS, 'videoSubmitFee'),
  };
}

function count(value: number, field: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new MoneyInputError(`${field}: must be a whole number ≥ 0`);
  return BigInt(value);
}

/** `prefix` lets planTotals name the line in errors ("lines[1].budget: …"). */
function computeLine(line: LineInput, fees: ParsedFees, prefix: string): LineAmounts {
  const f = (name: string) => `${prefix}${name}`;
  const net = parseScaled(line.budget, MONEY_DECIMALS, f('budget'));
  const whole = BigInt(BPS_PER_WHOLE);
  const managementFee = divideHalfUp(
    net * parseScaled(line.managementFeePct, PCT_DECIMALS, f('managementFeePct')),
    whole,
  );
  const systemFee = divideHalfUp(net * parseScaled(line.systemFeePct, PCT_DECIMALS, f('systemFeePct')), whole);
  // Counts × fees with 2 decimals are already exact in minor units: nothing to round.
  const creativeFee =
    count(line.imageCreatives, f('imageCreatives')) * fees.image +
    count(line.videoCreatives, f('videoCreatives')) * fees.video;
  const subtotal = net + managementFee + systemFee + creativeFee;
  return {
    net: toSafe(net, f('budget')),
    managementFee: toSafe(managementFee, f('managementFee')),
    systemFee: toSafe(systemFee, f('systemFee')),
    creativeFee: toSafe(creativeFee, f('creativeFee')),
    subtotal: toSafe(subtotal, f('subtotal')),
  };
}

/** The amounts one plan line shows, each rounded half-up once. */
export function lineAmounts(line: LineInput, config: CreativeFees): LineAmounts {
  return computeLine(line, parseFees(config), '');
}

/**
 * Plan footer: sums of the rounded line amounts, so the footer always equals the sum of what the
 * lines show; the setup fee once per plan, but only when the plan has a line (an empty draft owes
 * nothing); VAT once on the plan subtotal, rounded half-up, 0 when the account does not apply VAT.
 * Sums are exact integers, so the result never depends on line order.
 */
export function planTotals(lines: readonly LineInput[], config: PlanConfig): PlanTotals {
  const fees = parseFees(config);
  const shown = lines.map((line, i) => computeLine(line, fees, `lines[${i}].`));
  const sum = (pick: (l: LineAmounts) => Minor) => shown.reduce((acc, l) => acc + BigInt(pick(l)), 0n);
  const setupFee = shown.length > 0 ? parseScaled(config.setupFee, MONEY_DECIMALS, 'setupFee') : 0n;
  const subtotal = sum((l) => l.subtotal) + setupFee;
  const vatBps = parseScaled(config.vatPct, PCT_DECIMALS, 'vatPct');
  const vat = config.applyVat ? divideHalfUp(subtotal * vatBps, BigInt(BPS_PER_WHOLE)) : 0n;
  return {
    lines: shown,
    net: toSafe(
      sum((l) => l.net),
      'net',
    ),
    managementFee: toSafe(
      sum((l) => l.managementFee),
      'managementFee',
    ),
    systemFee: toSafe(
      sum((l) => l.systemFee),
      'systemFee',
    ),
    creativeFee: toSafe(
      sum((l) => l.creativeFee),
      'creativeFee',
    ),
    setupFee: toSafe(setupFee, 'setupFee'),
    subtotal: toSafe(subtotal, 'subtotal'),
    vat: toSafe(vat, 'vat'),
    total: toSafe(subtotal + vat, 'total'),
  };
}
