/**
 * Stand-ins for `@generated/registry` and `@generated/routesChunkNames`, the route tables a
 * Docusaurus build writes. Tests fill them in before rendering a route with the real
 * `ComponentCreator`, and empty them afterwards.
 */
type Loader = () => Promise<unknown>;

/** Chunk name → [loader, module path, webpack id], as in `.docusaurus/registry.js`. */
export const registry: Record<string, [Loader, string, string]> = {};

/** `${path}-${hash}` → { __comp: chunk name, ... }, as in `.docusaurus/routesChunkNames.json`. */
export const routesChunkNames: Record<string, Record<string, string>> = {};

export default registry;
