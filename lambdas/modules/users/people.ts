import { userNamesOf } from './people-store.dynamodb';
import { readCache } from '../../core/read-cache';

/**
 * People by name where a plan records who acted by e-mail (submitted, approved and
 * rejected by, the client's answer; the approvals lists; the export's stamps). Resolved at READ time
 * from the company's profiles rather than stored at write time: a renamed user shows by their
 * current name, versions written before this show names too, and no write path reads a profile.
 * One Query of the company's users, kept 30 s per container like the other settings a plan view reads.
 */
const names = readCache<Map<string, string>>();

export const userNames = (companyId: number): Promise<ReadonlyMap<string, string>> =>
  names.get(String(companyId), () => userNamesOf(companyId));

/** A name for an e-mail: the profile's, else the e-mail itself (a user since removed, the seed's system user); null for nobody. */
export const nameIn =
  (known: ReadonlyMap<string, string>) =>
  (email: string | null | undefined): string | null =>
    email ? (known.get(email.trim().toLowerCase()) ?? email) : null;
