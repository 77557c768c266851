/**
 * What every stored business item carries (DOMAIN.md §2): its optimistic-concurrency version (a save
 * with a stale one fails with 409) and who made and last changed it, when.
 */
export interface Stamped {
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}
