/**
 * The one way the site's own code touches browser storage: failures are logged and ignored, and
 * storage then behaves as empty (see ARCHITECTURE.md, 'Storage keys'). Blocked cookies, private modes and full quotas
 * make `localStorage` throw; these helpers never do.
 */

/** Where failures are reported; tests replace it. */
export const storageLog = {
  warn: (message: string, error: unknown): void => {
    console.warn(message, error);
  },
};

function storage(): Storage | undefined {
  // Reading `window.localStorage` itself throws when storage is blocked.
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/**
 * Reads a key.
 * @returns the stored string, or `null` when it is absent or storage fails.
 */
export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch (error) {
    storageLog.warn(`Could not read "${key}" from browser storage; treating it as empty.`, error);
    return null;
  }
}

/** Writes a key; a failure is logged and ignored. */
export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    storageLog.warn(`Could not write "${key}" to browser storage; the choice will not be remembered.`, error);
  }
}

/** Removes a key; a failure is logged and ignored. */
export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch (error) {
    storageLog.warn(`Could not remove "${key}" from browser storage.`, error);
  }
}
