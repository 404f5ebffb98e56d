/**
 * The page actions beside a doc's title: "Copy page" copies the page's Markdown twin to the
 * clipboard, and "View as Markdown" opens it. After a copy the button reads "Copied" for
 * `COPIED_STATE_MS` (2 s) and a status region announces it. The copying code is a separate chunk,
 * fetched on the first pointer, focus or click on the button.
 */
import { useEffect, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';

import { COPIED_STATE_MS } from '@site/plugins/markdown-twins/contract';
import styles from './styles.module.css';

let copyModule: Promise<typeof import('./copy')> | undefined;

/** Starts loading the copying code; later calls reuse the same request. */
function loadCopy(): Promise<typeof import('./copy')> {
  copyModule ??= import('./copy');
  return copyModule;
}

/** Props of {@link CopyPageButton}. */
export interface CopyPageButtonProps {
  /** Path of the page's Markdown twin, for example `/intro.md`. */
  twinPath: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

const LABELS: Record<CopyState, string> = { idle: 'Copy page', copied: 'Copied', failed: 'Copy failed' };
const ANNOUNCEMENTS: Record<CopyState, string> = {
  idle: '',
  copied: 'Page copied to the clipboard as Markdown',
  failed: 'The page could not be copied',
};

/** "Copy page" and "View as Markdown", floated beside the page title. */
export default function CopyPageButton({ twinPath }: CopyPageButtonProps): ReactNode {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = window.setTimeout(() => {
      setState('idle');
    }, COPIED_STATE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [state]);

  const copy = (): void => {
    loadCopy()
      .then((module) => module.copyTextAt(twinPath))
      .then(
        () => {
          setState('copied');
        },
        (error: unknown) => {
          console.warn('Copy page failed:', error);
          setState('failed');
        },
      );
  };

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={copy}
        onPointerEnter={() => void loadCopy()}
        onFocus={() => void loadCopy()}
      >
        {LABELS[state]}
      </button>
      <Link className={styles.view} to={`pathname://${twinPath}`} target="_self">
        View as Markdown
      </Link>
      <span role="status" className={styles.status}>
        {ANNOUNCEMENTS[state]}
      </span>
    </div>
  );
}
