import {
  getLineVersionId,
  getVersionHeader,
  getActivityPlan,
  getVersionWithLines,
  listVersionHeadersOfActivity,
} from '../media-plans';
import type { PlanLine } from '../media-plans';

/**
 * A campaign's mapped line followed through the plan's versions (campaigns.ts says the rule): its
 * copy in the latest approved version, or the version it was removed in.
 */

interface Resolved {
  line: PlanLine;
  version: number;
}
type Resolution = Resolved | { removedIn: number } | null;

/** One request's reads of plans, shared by every campaign it resolves. */
export class PlanReader {
  private activities = new Map<
    number,
    Promise<{
      lines: Map<number, PlanLine>;
      byVersion: Map<number, number>;
      approvedVersionId: number | null;
      approvedVersion: number | null;
    }>
  >();
  constructor(private readonly companyId: number) {}

  private activity(activityId: number) {
    let p = this.activities.get(activityId);
    if (!p) {
      p = (async () => {
        const [headers, plan] = await Promise.all([
          listVersionHeadersOfActivity(this.companyId, activityId),
          getActivityPlan(this.companyId, activityId),
        ]);
        const lines = new Map<number, PlanLine>();
        const byVersion = new Map<number, number>();
        for (const h of headers) {
          byVersion.set(h.ID, h.Version);
          const version = await getVersionWithLines(this.companyId, h.ID);
          for (const l of version?.lines ?? []) lines.set(l.ID, l);
        }
        return {
          lines,
          byVersion,
          approvedVersionId: plan?.ApprovedMixId ?? null,
          approvedVersion: plan?.ApprovedVersion ?? null,
        };
      })();
      this.activities.set(activityId, p);
    }
    return p;
  }

  /** The line `lineId` followed into the latest approved version; null when no such line exists in the company. */
  async resolve(lineId: number): Promise<Resolution> {
    const versionId = await getLineVersionId(this.companyId, lineId);
    if (versionId === undefined) return null;
    const header = await getVersionHeader(this.companyId, versionId);
    if (!header) return null;
    const a = await this.activity(header.ActivityId);
    const own = a.lines.get(lineId);
    if (a.approvedVersionId === null || a.approvedVersion === null || a.approvedVersion <= header.Version) {
      return own ? { line: own, version: header.Version } : { removedIn: header.Version };
    }
    for (const l of a.lines.values()) {
      if (l.MediaMixId !== a.approvedVersionId) continue;
      let cur: PlanLine | undefined = l;
      for (let hops = 0; cur && hops < 1000; hops++) {
        if (cur.ID === lineId) return { line: l, version: a.approvedVersion };
        cur = cur.SourceLineId ? a.lines.get(cur.SourceLineId) : undefined;
      }
    }
    return { removedIn: a.approvedVersion };
  }

  async line(lineId: number): Promise<PlanLine | undefined> {
    const versionId = await getLineVersionId(this.companyId, lineId);
    if (versionId === undefined) return undefined;
    const header = await getVersionHeader(this.companyId, versionId);
    return header ? (await this.activity(header.ActivityId)).lines.get(lineId) : undefined;
  }
}
