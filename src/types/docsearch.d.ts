/** The DocSearch stylesheet entry point ships without type declarations. */
declare module '@docsearch/react/style';

/** The subpath resolves to an untyped file; its types are those of the package's main entry. */
declare module '@docsearch/react/useDocSearchKeyboardEvents' {
  export const useDocSearchKeyboardEvents: typeof import('@docsearch/react').useDocSearchKeyboardEvents;
}
