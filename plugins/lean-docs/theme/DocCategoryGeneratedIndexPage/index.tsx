/**
 * Wraps the theme's generated-index page of a sidebar category (through `@theme-init`): its cards
 * read a version metadata whose docs are those its category lists, from the page's `cardDocs`
 * route module (see ARCHITECTURE.md, 'Doc cards').
 */
import type { ReactNode } from 'react';
import DocCategoryGeneratedIndexPage from '@theme-init/DocCategoryGeneratedIndexPage';
import type { Props } from '@theme/DocCategoryGeneratedIndexPage';

import { CARD_DOCS_MODULE, type CardDocsModule } from '../../contract';
import { PageVersionProvider } from '../../client/PageVersionProvider';

/** The route's props: the category's index metadata, and the docs its cards show. */
type GeneratedIndexProps = Props & { readonly [CARD_DOCS_MODULE]?: CardDocsModule };

export default function GeneratedIndexWithCardDocs(props: GeneratedIndexProps): ReactNode {
  const page = `the generated index ${props.categoryGeneratedIndex.permalink} ("${props.categoryGeneratedIndex.title}")`;
  return (
    <PageVersionProvider page={page} cardDocs={props[CARD_DOCS_MODULE]}>
      <DocCategoryGeneratedIndexPage {...props} />
    </PageVersionProvider>
  );
}
