/** Where the key that signs unsubscribe links is kept; unsubscribe-key-store.secrets-manager.ts implements it. */
export interface UnsubscribeKeyStore {
  /** The key, read once per container. */
  unsubscribeKey(): Promise<Buffer>;
}
