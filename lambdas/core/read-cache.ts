/**
 * A small per-container read cache for settings that change rarely and are read on every plan view:
 * the company configuration (VAT, fees) and today's exchange rate. The same policy as the caller's
 * profile (kit/caller.ts, docs/domain.md): at most 30 s old. Only reads that show figures use it;
 * every write that fixes figures (ApproveMediaMix) reads fresh, strongly consistent values.
 */
export const READ_CACHE_MS = 30_000;

export interface ReadCache<V> {
  /**
   * The value of `key`, loading it once: concurrent readers of a missing or expired key share ONE
   * load (its promise is kept). A failed load is forgotten, and so is a value `keep` refuses.
   */
  get(key: string, load: () => Promise<V>, now?: number, keep?: (v: V) => boolean): Promise<V>;
  /** The cached value when it is fresh, without loading it otherwise. */
  peek(key: string, now?: number): Promise<V> | undefined;
  clear(): void;
}

const all: ReadCache<unknown>[] = [];

export function readCache<V>(ttlMs = READ_CACHE_MS, max = 1000): ReadCache<V> {
  const entries = new Map<string, { value: Promise<V>; at: number }>();
  const cache: ReadCache<V> = {
    get(key, load, now = Date.now(), keep) {
      const hit = entries.get(key);
      if (hit && now - hit.at <= ttlMs) return hit.value;
      const value = load();
      // Re-inserted last, so the size bound evicts the oldest load, never the one just started.
      entries.delete(key);
      entries.set(key, { value, at: now });
      // Only this load's own entry is forgotten: a newer load of the key stays.
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then((v) => {
        if (keep && !keep(v)) forget();
      }, forget);
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
      return value;
    },
    peek(key, now = Date.now()) {
      const hit = entries.get(key);
      return hit && now - hit.at <= ttlMs ? hit.value : undefined;
    },
    clear: () => entries.clear(),
  };
  all.push(cache as ReadCache<unknown>);
  return cache;
}

/** Tests and the local server change settings between calls; they clear every read cache. */
export function clearReadCaches(): void {
  for (const c of all) c.clear();
}
