import type { ReactNode } from 'react';

/** Stand-in for `@docusaurus/Head`: React 19 hoists the `<title>` child into `document.head`. */
export default function Head({ children }: { children?: ReactNode }): ReactNode {
  return children;
}
