// @vitest-environment node
/**
 * Upstream shape check of the ejected `src/theme/NavbarItem/DropdownNavbarItem/Desktop` (see
 * ARCHITECTURE.md, 'Upstream shape checks'): the installed desktop dropdown must still take the
 * same props, open and close on the same events, and render the same toggle and menu, so the copy
 * (which adds only Escape) still matches it.
 */
import { describe, it } from 'vitest';

import { expectShape, moduleShape, upstreamFile, type Recheck } from './upstream';

const RECHECK: Recheck = {
  local: 'src/theme/NavbarItem/DropdownNavbarItem/Desktop/index.tsx',
  test: 'test/unit/upstream-shapes/dropdown-navbar-item.test.ts',
  reliesOn:
    'the props items, position, className, onClick, to, label and children, closing on mousedown, touchstart and focusin outside, Enter and Space on the toggle, and the toggle and menu markup',
};

describe('upstream DropdownNavbarItem/Desktop (@docusaurus/theme-classic)', () => {
  it('takes the props and handles the events the ejected copy was made from (3.10.2)', () => {
    const file = upstreamFile('@docusaurus/theme-classic', 'lib/theme/NavbarItem/DropdownNavbarItem/Desktop/index.js');
    expectShape('DropdownNavbarItem/Desktop', file, moduleShape(file), EXPECTED, RECHECK);
  });
});

/** The shape of `lib/theme/NavbarItem/DropdownNavbarItem/Desktop/index.js` in theme-classic 3.10.2. */
const EXPECTED = {
  imports: [
    '@theme/NavbarItem/NavbarNavLink: default',
    '@theme/NavbarItem: default',
    'clsx: default',
    'react: default',
    'react: useEffect',
    'react: useRef',
    'react: useState',
  ],
  exports: ['default'],
  hooks: ['useEffect', 'useRef', 'useState'],
  calls: ['addEventListener', 'clsx', 'contains', 'map', 'preventDefault', 'removeEventListener', 'setShowDropdown'],
  reads: ['children', 'className', 'current', 'items', 'key', 'label', 'onClick', 'position', 'props', 'target', 'to'],
  strings: ['dropdown', 'dropdown--hoverable', 'focusin', 'mousedown', 'navbar__item', 'navbar__link', 'touchstart'],
  jsx: [
    'NavbarItem(...,activeClassName=dropdown__link--active,isDropdownItem,key)',
    'NavbarNavLink(...,aria-expanded,aria-haspopup=true,className,href,onClick,onKeyDown,role=button)',
    'div(className,ref)',
    'ul(className=dropdown__menu)',
  ],
};
