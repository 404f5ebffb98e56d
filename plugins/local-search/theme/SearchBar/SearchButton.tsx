/**
 * The navbar's search button for the offline search: DocSearch's button markup and class names, so
 * DocSearch's button styles apply unchanged, with one difference. DocSearch's own button puts its
 * words ("Search", "Ctrl", "K") in the DOM with nothing between them and names itself
 * "Search (Control+k)", so its accessible name does not contain the text it shows; a reader who
 * speaks what they see cannot name it, and axe-core reports `label-content-name-mismatch`. Here the
 * words are separated by spaces (which the flex layout does not draw) and the button takes its name
 * from its content: "Search Ctrl K", or "Search ⌘ K" on Apple systems. The shortcut stays announced
 * through `aria-keyshortcuts`.
 */
import { forwardRef, useEffect, useState, useSyncExternalStore, type ComponentPropsWithoutRef, type JSX } from 'react';

const subscribeToNothing = (): (() => void) => () => undefined;

/**
 * True on Apple systems, false elsewhere, null while hydrating (the server cannot know; like
 * DocSearch, the button then shows no keys). DocSearch tests the deprecated `navigator.platform`
 * for the same names; the user agent carries them too (`Macintosh`, `iPhone`, `iPad`, `iPod`).
 */
function useIsApple(): boolean | null {
  return useSyncExternalStore(
    subscribeToNothing,
    () => /(Mac|iPhone|iPod|iPad)/i.test(window.navigator.userAgent),
    () => null,
  );
}

/** True while the reader holds down `key` (a `KeyboardEvent.key` value), as DocSearch's keys show it. */
function useKeyHeld(key: string): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const down = (event: KeyboardEvent): void => {
      if (event.key === key) setHeld(true);
    };
    const up = (event: KeyboardEvent): void => {
      if (event.key === key || event.key === 'Meta') setHeld(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [key]);
  return held;
}

/** One key of the shortcut hint; `keyName` is the `KeyboardEvent.key` that shows it pressed. */
function Key({ label, keyName, wide }: { label: string; keyName: string; wide?: boolean }): JSX.Element {
  const held = useKeyHeld(keyName);
  const className = [
    'DocSearch-Button-Key',
    wide && 'DocSearch-Button-Key--ctrl',
    held && 'DocSearch-Button-Key--pressed',
  ]
    .filter(Boolean)
    .join(' ');
  return <kbd className={className}>{label}</kbd>;
}

/**
 * The search button: magnifier icon, "Search" and, once hydrated, the Ctrl/⌘ K hint. Takes every
 * prop of a `<button>` (the bar passes its preload and open handlers) and forwards its ref to it.
 */
export const SearchButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function SearchButton(props, ref) {
    const isApple = useIsApple();
    const shortcut = isApple === null ? undefined : isApple ? 'Meta+k' : 'Control+k';
    return (
      <button type="button" className="DocSearch DocSearch-Button" aria-keyshortcuts={shortcut} {...props} ref={ref}>
        <span className="DocSearch-Button-Container">
          <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="8" stroke="currentColor" fill="none" strokeWidth="1.4" />
            <path d="m21 21-4.3-4.3" stroke="currentColor" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="DocSearch-Button-Placeholder">Search</span>
        </span>{' '}
        <span className="DocSearch-Button-Keys">
          {isApple !== null && (
            <>
              {isApple ? <Key label="⌘" keyName="Meta" /> : <Key label="Ctrl" keyName="Control" wide />}{' '}
              <Key label="K" keyName="k" />
            </>
          )}
        </span>
      </button>
    );
  },
);
