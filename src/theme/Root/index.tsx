/**
 * Swizzle (wrap) of Root, the component above every page: it adds the subscriber-only notice
 * (SPEC §4), which must work on every route, including links inside generated pages and cards.
 */
import type { ReactNode } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';

import SubscriberDialog from '@site/src/components/SubscriberDialog';
import { useSubscriberLinks } from '@site/src/components/SubscriberDialog/useSubscriberLinks';
import { EMPTY_REPO_SETS, type RepoSets } from '@site/src/lib/subscriber-links';

/** Wraps the whole app; renders the page, then the dialog. */
export default function Root({ children }: { children: ReactNode }): ReactNode {
  const sets = (usePluginData('subscriber-links') as RepoSets | undefined) ?? EMPTY_REPO_SETS;
  const [pending, clear] = useSubscriberLinks(sets);
  return (
    <>
      {children}
      <SubscriberDialog
        key={pending ? `${pending.href}#${pending.variant}` : 'closed'}
        link={pending}
        onClose={clear}
      />
    </>
  );
}
