/**
 * Intercepts clicks on subscriber-only links anywhere on the page.
 */
import { useEffect, useState } from 'react';

import type { RepoSets } from '@site/plugins/subscriber-links/contract';
import { classifyLink } from '@site/src/lib/subscriber-links';
import { isWarningDismissed, type PendingLink } from './variants';

/**
 * Listens (in the capture phase, before client-side routing) for primary-button clicks on links,
 * using the closest anchor so a link wrapped around a card counts. A subscriber-only link whose
 * variant the reader has not dismissed is held back and returned as the pending link.
 *
 * @param sets - the CIS and Enterprise repository sets.
 * @param onLinkIntent - called when a pointer moves over, or focus lands on, a subscriber-only
 *   link (it may be called many times; keep it cheap and stable).
 * @returns the pending link (or null) and a function that clears it.
 */
export function useSubscriberLinks(sets: RepoSets, onLinkIntent?: () => void): [PendingLink | null, () => void] {
  const [pending, setPending] = useState<PendingLink | null>(null);
  useEffect(() => {
    const onClick = (event: MouseEvent): void => {
      if (event.defaultPrevented || event.button !== 0) return;
      const target = event.target;
      if (!(target instanceof Element)) return;
      const anchor = target.closest('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const link = classifyLink(anchor.href, sets);
      if (!link || isWarningDismissed(link.variant)) return;
      event.preventDefault();
      setPending({ href: anchor.href, repo: link.repo, variant: link.variant, returnFocusTo: anchor });
    };
    // A pointer over, or focus on, a subscriber-only link means a click may follow: tell the
    // caller, so it can fetch the dialog's code before it is needed.
    const onIntent = (event: Event): void => {
      if (!onLinkIntent || !(event.target instanceof Element)) return;
      const anchor = event.target.closest('a[href]');
      if (anchor instanceof HTMLAnchorElement && classifyLink(anchor.href, sets)) onLinkIntent();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('pointerover', onIntent, { capture: true, passive: true });
    document.addEventListener('focusin', onIntent, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('pointerover', onIntent, true);
      document.removeEventListener('focusin', onIntent, true);
    };
  }, [sets, onLinkIntent]);
  return [
    pending,
    () => {
      setPending(null);
    },
  ];
}
