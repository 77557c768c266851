/**
 * Stands in for `mnemonist/lru-cache` in Lambda bundles (an esbuild alias, lib/lambda-bundling.ts).
 * The DynamoDB client builds an endpoint-discovery cache on mnemonist's LRU, which brings its typed
 * arrays and iterator helpers (~6 kB of every bundle), though no DynamoDB command discovers
 * endpoints. The same LRU on a Map (insertion order is recency), with the methods the cache calls,
 * so it still behaves should discovery ever be turned on.
 */
export default class LRUCache<K, V> {
  private readonly items = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key)!;
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  /** The value, its recency untouched. */
  peek(key: K): V | undefined {
    return this.items.get(key);
  }

  has(key: K): boolean {
    return this.items.has(key);
  }

  /** Stores the value as the most recently used, dropping the least recently used beyond capacity. */
  set(key: K, value: V): this {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.items.clear();
  }
}
