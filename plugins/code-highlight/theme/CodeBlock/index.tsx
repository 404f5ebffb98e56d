/**
 * Ejected from @docusaurus/theme-classic 3.10.2 `theme/CodeBlock/index.js` (MIT).
 *
 * Why: upstream renders every code block twice (a `key` that changes once the page hydrates) so
 * that Prism's inline colours switch to the dark theme. Colours here come from a stylesheet keyed
 * on `data-theme`, so the second render, and its cost at hydration, is gone. The block's
 * build-time tokens (the `tokens` prop) are handed to `CodeBlock/Content` through a context.
 */
import React, { isValidElement, type ReactNode } from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

import { CodeTokensContext } from '../../client/tokensContext';

function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((element) => isValidElement(element))) return children;
  // The children are now one or more plain strings.
  return Array.isArray(children) ? children.join('') : children;
}

/** A code block: string children are highlighted from their build-time tokens. */
export default function CodeBlock({ children: rawChildren, tokens, ...props }: Props & { tokens?: string }): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children !== 'string') return <ElementContent {...props}>{children}</ElementContent>;
  return (
    <CodeTokensContext.Provider value={tokens}>
      <StringContent {...props}>{children}</StringContent>
    </CodeTokensContext.Provider>
  );
}
