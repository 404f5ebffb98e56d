/**
 * Wraps the docs plugin's `DocItem` (through `@theme-init`, so a site swizzle can still wrap this):
 * the page's components read a version metadata whose docs are those of the page's `cardDocs`
 * route module and whose sidebars are the page's own (see ARCHITECTURE.md, 'Doc cards').
 */
import type { ReactNode } from 'react';
import DocItem from '@theme-init/DocItem';
import type { Props } from '@theme/DocItem';

import { CARD_DOCS_MODULE, type CardDocsModule } from '../../contract';
import { PageVersionProvider } from '../../client/PageVersionProvider';
import { siteRelative } from '../../client/pageVersion';

/** The route's props: the doc's content, and its card docs when the page has cards. */
type DocItemProps = Props & { readonly [CARD_DOCS_MODULE]?: CardDocsModule };

export default function DocItemWithCardDocs(props: DocItemProps): ReactNode {
  return (
    <PageVersionProvider page={siteRelative(props.content.metadata.source)} cardDocs={props[CARD_DOCS_MODULE]}>
      <DocItem {...props} />
    </PageVersionProvider>
  );
}
