import type { LineInput } from '@server/shared/money';

/**
 * What the rows are typing, for the totals footer: a row reports its live money input here instead
 * of lifting its state, so a keystroke re-renders that row and the footer, never the other rows.
 */
export class DraftStore {
  private drafts = new Map<number, LineInput>();
  private listeners = new Set<() => void>();
  private revision = 0;

  set(id: number, input: LineInput | null): void {
    const had = this.drafts.has(id);
    if (input) this.drafts.set(id, input);
    else if (had) this.drafts.delete(id);
    else return;
    this.revision += 1;
    this.listeners.forEach((l) => l());
  }

  get(id: number): LineInput | undefined {
    return this.drafts.get(id);
  }

  clear(): void {
    if (this.drafts.size === 0) return;
    this.drafts.clear();
    this.revision += 1;
    this.listeners.forEach((l) => l());
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  snapshot = (): number => this.revision;
}
