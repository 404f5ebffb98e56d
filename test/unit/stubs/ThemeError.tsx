import type { ReactNode } from 'react';

/** Stand-in for `@theme/Error`, the default fallback that tests always replace. */
export default function ThemeError(): ReactNode {
  throw new Error('test/unit/stubs/ThemeError: pass a fallback to the ErrorBoundary under test.');
}
