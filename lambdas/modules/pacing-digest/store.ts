import type { DigestFrequency } from './replies';

/** One user's stored digest setting (absent: the defaults, settings.ts). */
export interface DigestSetting {
  sub: string;
  frequency: DigestFrequency;
  lower: number;
  upper: number;
  language: string | null;
  version: number;
  updatedAt: string;
  updatedBy: string;
}

/** What the digest needs of storage; store.dynamodb.ts implements it. */
export interface DigestStore {
  getSetting(companyId: number, sub: string): Promise<DigestSetting | undefined>;
  /** Every saved setting of a company (one Query). */
  listSettings(companyId: number): Promise<DigestSetting[]>;
  /** Saves a setting with its audit entry; `readVersion` 0 for the first save (stale: 409). */
  saveSetting(companyId: number, next: DigestSetting, before: DigestSetting | undefined, who: string): Promise<void>;
  /** Claims one user's digest of one period: false when a run before claimed it (it is not mailed again). */
  claimDigest(companyId: number, sub: string, period: string, at: string): Promise<boolean>;
}
