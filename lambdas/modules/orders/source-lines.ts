import type { PlanLine } from '../media-plans';

/**
 * What the order rules read of a plan line: their own small type, so the rules do not follow every
 * change of the plan's stored line. `sourceLineOf` is the ONE place that maps a PlanLine to it.
 */
export interface SourceLine {
  LineId: number;
  /** The line this one was copied from in the previous version (a new version's copy), else null. */
  SourceLineId: number | null;
  Name: string;
  ChannelTypeName: string;
  AccountChannelTypeId: number;
  StartDate: string;
  EndDate: string;
  /** The line's net media budget (what the vendor is paid), minor units of the plan's currency. */
  BudgetMinor: number;
  /** Budget per month ('YYYY-MM', decimal); null: split by days. */
  MonthlySplit: Readonly<Record<string, number>> | null;
  VendorId: number | null;
}

/**
 * A plan line as the order rules read it. A line stored before lines named their vendor has no
 * VendorId attribute at all: it reads as none, and is reported as "no vendor" rather than ordered.
 */
export function sourceLineOf(l: PlanLine): SourceLine {
  const vendorId = l.VendorId;
  return {
    LineId: l.ID,
    SourceLineId: l.SourceLineId,
    Name: l.Name,
    ChannelTypeName: l.ChannelTypeName,
    AccountChannelTypeId: l.AccountChannelTypeId,
    StartDate: l.StartDate,
    EndDate: l.EndDate,
    BudgetMinor: l.BudgetMinor,
    MonthlySplit: l.MonthlySplit,
    VendorId: typeof vendorId === 'number' && vendorId > 0 ? vendorId : null,
  };
}

/** The lines of each vendor (by vendor id, in line order), and the lines that name none. */
export function linesByVendor(lines: readonly SourceLine[]): {
  byVendor: Map<number, SourceLine[]>;
  noVendor: SourceLine[];
} {
  const byVendor = new Map<number, SourceLine[]>();
  const noVendor: SourceLine[] = [];
  for (const l of lines) {
    if (l.VendorId === null) noVendor.push(l);
    else byVendor.set(l.VendorId, [...(byVendor.get(l.VendorId) ?? []), l]);
  }
  return { byVendor, noVendor };
}
