import type { Account } from '../tenancy';
import { listAgentConnectors, listExternalLinks, type AgentConnector, type ExternalLink } from '../connectors';
import { readLineRollup, type RollupRow } from '../performance-data';
import { getVersionWithLines, listVersionHeadersOfActivity } from '../media-plans';
import type { PlanLine, PlanVersion } from '../media-plans';
import type { CalendarDay } from '../../shared/calendar';
import type { FeedingConnector } from './replies';
import { inParallel } from '../../core/in-parallel';
import { rateBookFor } from './actual-rates';
import { dailySpendIn, type RateBook } from './actuals-fx';
import { placementsOf } from '../tenancy';
import { planPacing } from './pacing';
import type { PacingContext } from './pacing-types';
import type { ConnectorState } from './types';

/**
 * A version's actuals as its pacing reads them (which lines' rollups are each line's, those rollups,
 * their rates), the connectors feeding its account, and its pacing. Shared by the activity
 * performance page, the pacing alerts and the dashboards, so all pace the same figures.
 */

/** Rollup Queries in flight at once. */
const PARALLEL = 16;
const FIRST_DAY = '0000-01-01';

export interface LineSources {
  /** Per line of the version asked: the line ids whose rollups are its actuals (itself first). */
  byLine: Map<number, number[]>;
  also: PlanVersion | null;
}

/**
 * The lines whose rollups are each line's actuals: itself, and when the latest approved version is
 * another one, its chain of copies (SourceLineId) through every version between the two.
 */
async function actualSources(
  companyId: number,
  version: { header: PlanVersion; lines: PlanLine[] },
  approvedVersionId: number | null,
): Promise<LineSources> {
  const byLine = new Map(version.lines.map((l) => [l.ID, [l.ID]]));
  if (approvedVersionId === null || approvedVersionId === version.header.ID) return { byLine, also: null };
  const headers = await listVersionHeadersOfActivity(companyId, version.header.ActivityId);
  const approved = headers.find((h) => h.ID === approvedVersionId);
  if (!approved) return { byLine, also: null };
  const [lo, hi] = [
    Math.min(approved.Version, version.header.Version),
    Math.max(approved.Version, version.header.Version),
  ];
  const between = headers.filter((h) => h.Version >= lo && h.Version <= hi && h.ID !== version.header.ID);
  const others = (await inParallel(between, (h) => getVersionWithLines(companyId, h.ID), PARALLEL)).flatMap(
    (m) => m?.lines ?? [],
  );
  const all = new Map<number, PlanLine>([...others, ...version.lines].map((l) => [l.ID, l]));
  const own = new Set(version.lines.map((l) => l.ID));
  // Each line of the other versions walks its sources back; the first line of the asked version it
  // meets (as a source, or being a source of) is the one it belongs to.
  if (approved.Version > version.header.Version) {
    for (const l of others) {
      let cur: PlanLine | undefined = l;
      for (let hops = 0; cur && hops < 1000; hops++) {
        if (own.has(cur.ID)) {
          byLine.get(cur.ID)!.push(l.ID);
          break;
        }
        cur = cur.SourceLineId ? all.get(cur.SourceLineId) : undefined;
      }
    }
  } else {
    for (const l of version.lines) {
      let cur = l.SourceLineId ? all.get(l.SourceLineId) : undefined;
      for (let hops = 0; cur && hops < 1000; hops++) {
        byLine.get(l.ID)!.push(cur.ID);
        cur = cur.SourceLineId ? all.get(cur.SourceLineId) : undefined;
      }
    }
  }
  return { byLine, also: approved };
}

/**
 * The agent connectors linked (through account connectors) to the main account or one of its
 * sub-accounts, from the company's links, agents and the links' accounts read once (the pacing
 * alerts read them once for every activity).
 */
export function connectorsFeeding(
  links: readonly ExternalLink[],
  agents: readonly AgentConnector[],
  accounts: readonly Pick<Account, 'ID' | 'ParentId'>[],
  mainAccountId: number,
): FeedingConnector[] {
  const family = new Set(
    accounts.filter((a) => a.ID === mainAccountId || a.ParentId === mainAccountId).map((a) => a.ID),
  );
  const agentIds = new Set(links.filter((l) => family.has(l.AccountId)).map((l) => l.AgentConnectorId));
  return agents
    .filter((a) => agentIds.has(a.ID) && !a.Archived)
    .sort((a, b) => a.ID - b.ID)
    .map((a) => ({ ID: a.ID, Name: a.Name, Status: a.Status, LastSyncAt: a.LastSyncAt, LastError: a.LastError }));
}

/** The agent connectors linked (through account connectors) to the main account or one of its sub-accounts. */
export async function feedingConnectors(companyId: number, mainAccountId: number): Promise<FeedingConnector[]> {
  const [links, agents] = await Promise.all([listExternalLinks(companyId), listAgentConnectors(companyId)]);
  const accountIds = [...new Set(links.map((l) => l.AccountId))];
  const accounts = accountIds.length ? await placementsOf(companyId, accountIds) : [];
  return connectorsFeeding(links, agents, accounts, mainAccountId);
}

/** A version's actuals as its pacing needs them (lines in the order given). */
export interface VersionActuals {
  sources: LineSources;
  /** Per line: its rollup rows (its own and its copies' in the versions up to the latest approved). */
  rowsOf: RollupRow[][];
  rates: RateBook;
  /** Per line: each day's spend in the plan currency. */
  daily: ReturnType<typeof dailySpendIn>[];
}

/**
 * The actuals of a version's lines through `asOf`: which lines' rollups are each line's, those
 * rollups (PARALLEL Queries at a time), the rates their foreign currencies need, and each line's
 * daily spend in the plan currency `code`. Shared by the activity performance page and the pacing
 * alerts (pacing-alerts.ts), so both pace the same figures.
 */
export async function readVersionActuals(
  companyId: number,
  version: { header: PlanVersion; lines: PlanLine[] },
  approvedVersionId: number | null,
  code: string,
  asOf: CalendarDay,
): Promise<VersionActuals> {
  const sources = await actualSources(companyId, version, approvedVersionId);
  const readIds = [...new Set([...sources.byLine.values()].flat())];
  const rollups = new Map<number, RollupRow[]>(
    await inParallel(
      readIds,
      async (id) => [id, await readLineRollup(companyId, id, FIRST_DAY, asOf)] as const,
      PARALLEL,
    ),
  );
  const rowsOf = version.lines.map((l) => sources.byLine.get(l.ID)!.flatMap((id) => rollups.get(id) ?? []));
  const rates = await rateBookFor(companyId, rowsOf.flat(), code);
  return { sources, rowsOf, rates, daily: rowsOf.map((rows) => dailySpendIn(rows, code, rates)) };
}

/** The pacing rules of the company's configuration and sync settings, with the connectors feeding the plan. */
export function pacingContextOf(
  today: CalendarDay,
  config: { PacingLow: number; PacingHigh: number },
  restatementDays: number,
  connectors: readonly FeedingConnector[],
): PacingContext {
  const states: ConnectorState[] = connectors.map((c) => ({ id: c.ID, name: c.Name, status: c.Status }));
  return {
    today,
    rules: { pacingLow: config.PacingLow, pacingHigh: config.PacingHigh, restatementDays },
    connectors: states,
  };
}

/** Each line's and the plan's pacing (pacing.ts) from the lines and their daily spend. */
export const paceVersion = (lines: readonly PlanLine[], daily: VersionActuals['daily'], ctx: PacingContext) =>
  planPacing(
    lines.map((l, i) => ({
      lineId: l.ID,
      budget: l.Budget,
      startDate: l.StartDate,
      endDate: l.EndDate,
      monthlySplit: l.MonthlySplit,
      spend: daily[i],
    })),
    ctx,
  );
