// @vitest-environment node
/**
 * Upstream shape check of the ejected `src/theme/Loading` (see ARCHITECTURE.md, 'Upstream shape
 * checks'): core's fallback Loading must still take react-loadable's `error`, `retry` and
 * `pastDelay`, show the error text with a Retry button, and a spinner only past the delay.
 */
import { describe, it } from 'vitest';

import { expectShape, moduleShape, upstreamFile, type Recheck } from './upstream';

const RECHECK: Recheck = {
  local: 'src/theme/Loading/index.tsx',
  test: 'test/unit/upstream-shapes/loading.test.ts',
  reliesOn:
    "react-loadable's error, retry and pastDelay props, the error text with a Retry button, and nothing before pastDelay",
};

describe('upstream Loading (@docusaurus/core theme fallback)', () => {
  it('takes the props and renders the states the ejected copy was made from (3.10.2)', () => {
    const file = upstreamFile('@docusaurus/core', 'lib/client/theme-fallback/Loading/index.js');
    const shape = moduleShape(file);
    expectShape('Loading', file, shape, EXPECTED, RECHECK);
    // The spinner's drawing is not copied (the copy has its own accessible one), so only the
    // elements it keeps are compared: the error text and the Retry button.
    expectShape(
      'Loading',
      file,
      { ...shape, jsx: shape.jsx.filter((element) => KEPT_ELEMENTS.includes(element)) },
      { jsx: KEPT_ELEMENTS },
      RECHECK,
    );
  });
});

/** The elements of upstream's Loading that the copy keeps: the error text and the Retry button. */
const KEPT_ELEMENTS = ['button(onClick,type=button)', 'p()'];

/** The shape of `lib/client/theme-fallback/Loading/index.js` in @docusaurus/core 3.10.2, but its JSX. */
const EXPECTED = {
  imports: ['react: default'],
  exports: ['default'],
  hooks: [],
  calls: ['String'],
  reads: ['error', 'pastDelay', 'retry'],
  strings: [],
};
