/**
 * How much an agency of each size uses Mixdesk in a month: the cost model's assumptions, written
 * down so a reader can disagree with a number rather than with a total. A seat is a named user;
 * clients who only approve are counted in `clientSeats` and use the console far less.
 */
export interface AgencySize {
  name: string;
  seats: number;
  clientSeats: number;
  /** Client accounts (brands) the agency runs. */
  accounts: number;
  /** Ad accounts connected (each synced daily). */
  adAccounts: number;
  /** Campaigns per ad account (one stats row per campaign and day). */
  campaignsPerAdAccount: number;
  /** Live activities (plans being delivered). */
  liveActivities: number;
  /** Scheduled reports mailed per working day. */
  reportsPerDay: number;
  /** Plan line edits per planner and working day. */
  lineEditsPerPlannerDay: number;
}

export const AGENCY_SIZES: AgencySize[] = [
  {
    name: '10 seats',
    seats: 10,
    clientSeats: 5,
    accounts: 15,
    adAccounts: 30,
    campaignsPerAdAccount: 20,
    liveActivities: 40,
    reportsPerDay: 5,
    lineEditsPerPlannerDay: 40,
  },
  {
    name: '50 seats',
    seats: 50,
    clientSeats: 25,
    accounts: 60,
    adAccounts: 150,
    campaignsPerAdAccount: 20,
    liveActivities: 200,
    reportsPerDay: 25,
    lineEditsPerPlannerDay: 40,
  },
  {
    name: '500 seats',
    seats: 500,
    clientSeats: 250,
    accounts: 600,
    adAccounts: 1500,
    campaignsPerAdAccount: 20,
    liveActivities: 2000,
    reportsPerDay: 250,
    lineEditsPerPlannerDay: 40,
  },
];

/** How a working day of a seat turns into API calls (the console's own polling included). */
export const USAGE = {
  workingDaysPerMonth: 22,
  /** Share of seats signed in on a working day. */
  activeShare: 0.8,
  /** Hours the console is open per active seat and day. */
  consoleHours: 6,
  /** The bell asks every minute while the console is open (web: BELL_REFRESH_MS). */
  bellCallsPerHour: 60,
  /** Screens opened per active seat and day, and the API reads each screen makes. */
  screensPerSeatDay: 60,
  readsPerScreen: 3,
  /** Share of seats that are planners (they edit lines). */
  plannerShare: 0.5,
  /** Client seats: sign-ins per month, screens per sign-in. */
  clientSignInsPerMonth: 8,
  clientScreensPerSignIn: 6,
  /** Days re-read by each daily sync of an ad account (platforms restate the last 28 days). */
  resyncDays: 28,
  /** Structured log bytes per API call (request line, EMF metrics) and per synced row. */
  logBytesPerCall: 1200,
  /** Average stored item size (stats rows, plans, audit), bytes; items per campaign-day incl. rollups. */
  itemBytes: 600,
  itemsPerCampaignDay: 2,
  /** Months of stats kept in the table (the whole history is kept; a year is the steady state modelled). */
  monthsKept: 12,
  /** Console bytes per sign-in (cached after the first load of a release). */
  consoleMbPerSignIn: 1.5,
  /** X-Ray samples this share of requests (the default rule: 1 a second, then 5 %). */
  traceShare: 0.05,
};
