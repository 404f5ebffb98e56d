/**
 * Swizzle (wrap) of Root, the component above every page: it adds the subscriber-only notice,
 * which must work on every route, including links inside generated pages and cards.
 *
 * The click handling is part of every page; the dialog's code (Radix Dialog and its focus and
 * scroll helpers) is not part of the first load, which stays small: it is fetched when a pointer
 * or focus first reaches a subscriber-only link, or at the latest on the first click of one.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';

import { useSubscriberLinks } from '@site/src/components/SubscriberDialog/useSubscriberLinks';
import { EMPTY_REPO_SETS, SUBSCRIBER_LINKS_PLUGIN, type RepoSets } from '@site/plugins/subscriber-links/contract';

const loadDialog = () => import('@site/src/components/SubscriberDialog');
const SubscriberDialog = lazy(loadDialog);

/** Starts fetching the dialog's code; repeated calls reuse the same request. */
function preloadDialog(): void {
  void loadDialog();
}

/** Wraps the whole app; renders the page, then the dialog while a link is pending. */
export default function Root({ children }: { children: ReactNode }): ReactNode {
  const sets = (usePluginData(SUBSCRIBER_LINKS_PLUGIN) as RepoSets | undefined) ?? EMPTY_REPO_SETS;
  const [pending, clear] = useSubscriberLinks(sets, preloadDialog);
  return (
    <>
      {children}
      {pending && (
        <Suspense fallback={null}>
          <SubscriberDialog key={`${pending.href}#${pending.variant}`} link={pending} onClose={clear} />
        </Suspense>
      )}
    </>
  );
}
