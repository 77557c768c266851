/** Every key the console writes to localStorage starts with this, so logout can clear them all. */
export const STORAGE_PREFIX = 'mixdesk-';

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the session still works in memory */
  }
}

export function removeKey(key: string): void {
  try {
    localStorage.removeItem(STORAGE_PREFIX + key);
  } catch {
    /* ignore */
  }
}

/** Removes the session keys and everything Amplify stored (its keys start with CognitoIdentityServiceProvider). */
export function clearSessionStorage(keep: readonly string[] = []): void {
  const keepKeys = new Set(keep.map((k) => STORAGE_PREFIX + k));
  const doomed: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const k = localStorage.key(i);
    if (!k || keepKeys.has(k)) continue;
    if (k.startsWith(STORAGE_PREFIX) || k.startsWith('CognitoIdentityServiceProvider') || k.startsWith('amplify-'))
      doomed.push(k);
  }
  doomed.forEach((k) => localStorage.removeItem(k));
  try {
    sessionStorage.clear();
  } catch {
    /* ignore */
  }
}
