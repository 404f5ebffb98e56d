/**
 * Swizzle (wrap) of `@theme/Mermaid` from @docusaurus/theme-mermaid: a ```` ```mermaid ```` fence.
 * See ARCHITECTURE.md, 'Mermaid diagrams'.
 *
 * - The theme's component, with its hooks, is a chunk of its own, loaded after the page has
 *   mounted and only by pages that have a diagram; it loads the `mermaid` library itself on demand.
 *   The theme draws diagrams in the browser only, so the server HTML has no diagram either way.
 *   (A Suspense boundary would be dropped by the context update Docusaurus makes right after
 *   hydration and report a recoverable error; loading after mount leaves nothing to hydrate.)
 * - Beside it, the diagram's source as a code block, hidden from readers and from assistive
 *   technology (`hidden`): `pre.language-mermaid > code`, holding the exact source, so tools that
 *   read the rendered HTML (the Markdown twins) find the diagram as a `mermaid` fence.
 */
import React, { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { Props } from '@theme/Mermaid';

type Diagram = ComponentType<Props>;

let loaded: Diagram | undefined;

/** A diagram drawn from `value`, its Mermaid source. */
export default function Mermaid({ value }: Props): ReactNode {
  const [Drawn, setDrawn] = useState<Diagram | undefined>(() => loaded);
  useEffect(() => {
    if (Drawn) return undefined;
    let mounted = true;
    import(/* webpackChunkName: "mermaid-diagram" */ '@theme-original/Mermaid').then(
      (module: { default: Diagram }) => {
        loaded = module.default;
        if (mounted) setDrawn(() => module.default);
      },
      (error: unknown) => {
        // As the theme does with a diagram it cannot draw: the nearest error boundary shows it.
        if (mounted) {
          setDrawn(() => {
            throw error;
          });
        }
      },
    );
    return () => {
      mounted = false;
    };
  }, [Drawn]);
  return (
    <>
      <pre hidden className="language-mermaid">
        <code>{value}</code>
      </pre>
      {Drawn ? <Drawn value={value} /> : null}
    </>
  );
}
