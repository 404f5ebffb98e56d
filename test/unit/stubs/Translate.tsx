import type { ReactNode } from 'react';

/** Stand-in for `@docusaurus/Translate` in one-locale tests: the default message, as written. */
export default function Translate({ children }: { children?: ReactNode }): ReactNode {
  return children;
}
