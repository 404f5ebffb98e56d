import type { ReactNode } from 'react';

/** Stand-in for `@theme/NotFound`, which only the catch-all route of a real build renders. */
export default function NotFound(): ReactNode {
  return <h1>Page Not Found</h1>;
}
