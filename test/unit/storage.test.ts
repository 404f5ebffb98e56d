/**
 * Browser storage failures are logged and ignored, and storage then behaves as empty.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { readStorage, removeStorage, storageLog, writeStorage } from '@site/src/lib/storage';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storage helper', () => {
  it('reads, writes and removes keys', () => {
    writeStorage('dontWarnGitHubLinks', 'true');
    expect(localStorage.getItem('dontWarnGitHubLinks')).toBe('true');
    expect(readStorage('dontWarnGitHubLinks')).toBe('true');
    removeStorage('dontWarnGitHubLinks');
    expect(readStorage('dontWarnGitHubLinks')).toBeNull();
  });

  it('logs and returns empty when storage throws', () => {
    const warn = vi.spyOn(storageLog, 'warn').mockImplementation(() => undefined);
    const blocked = new DOMException('The operation is insecure.', 'SecurityError');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw blocked;
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw blocked;
    });

    expect(readStorage('theme')).toBeNull();
    expect(() => {
      writeStorage('theme', 'dark');
    }).not.toThrow();
    expect(() => {
      removeStorage('theme');
    }).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toBe('Could not read "theme" from browser storage; treating it as empty.');
    expect(warn.mock.calls[0]?.[1]).toBe(blocked);
  });

  it('logs when even reaching window.localStorage throws', () => {
    const warn = vi.spyOn(storageLog, 'warn').mockImplementation(() => undefined);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied', 'SecurityError');
    });
    expect(readStorage('theme')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});
