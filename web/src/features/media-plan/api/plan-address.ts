/** The plan screen's address: /accounts/{accountId}/activities/{activityId}/mediaMix/list[?version=]. */
const MEDIA_PLAN_PATH = /^\/accounts\/(\d+)\/activities\/(\d+)\/mediaMix\/list\/?$/i;

/** The account and activity of a plan screen's address, or null for another address. */
export function planAddress(pathname: string): { accountId: number; activityId: number } | null {
  const m = MEDIA_PLAN_PATH.exec(pathname);
  return m ? { accountId: Number(m[1]), activityId: Number(m[2]) } : null;
}

/** The version asked for by the address (`?version=`), or null for the newest. */
export function askedVersion(search: string): number | null {
  const asked = Number(new URLSearchParams(search).get('version'));
  return Number.isInteger(asked) && asked > 0 ? asked : null;
}
