// @vitest-environment node
/**
 * Upstream shape check of the ejected `src/theme/AnnouncementBar` (see ARCHITECTURE.md, 'Upstream
 * shape checks'): the installed theme's AnnouncementBar must still render what the copy renders,
 * from the same hooks and theme configuration fields. The copy differs from it only in its role.
 */
import { describe, it } from 'vitest';

import { expectShape, moduleShape, upstreamFile, type Recheck } from './upstream';

const RECHECK: Recheck = {
  local: 'src/theme/AnnouncementBar/index.tsx',
  test: 'test/unit/upstream-shapes/announcement-bar.test.ts',
  reliesOn:
    "the bar's markup, useThemeConfig().announcementBar's colours and isCloseable, useAnnouncementBar()'s isActive and close, and the CloseButton and Content components",
};

describe('upstream AnnouncementBar (@docusaurus/theme-classic)', () => {
  it('renders the bar the ejected copy was made from (3.10.2)', () => {
    const file = upstreamFile('@docusaurus/theme-classic', 'lib/theme/AnnouncementBar/index.js');
    expectShape('AnnouncementBar', file, moduleShape(file), EXPECTED, RECHECK);
  });
});

/** The shape of `lib/theme/AnnouncementBar/index.js` in @docusaurus/theme-classic 3.10.2. */
const EXPECTED = {
  imports: [
    './styles.module.css: default',
    '@docusaurus/theme-common/internal: useAnnouncementBar',
    '@docusaurus/theme-common: ThemeClassNames',
    '@docusaurus/theme-common: useThemeConfig',
    '@theme/AnnouncementBar/CloseButton: default',
    '@theme/AnnouncementBar/Content: default',
    'clsx: default',
    'react: default',
  ],
  exports: ['default'],
  hooks: ['useAnnouncementBar', 'useThemeConfig'],
  calls: ['clsx'],
  reads: [
    'announcementBar',
    'announcementBarClose',
    'announcementBarContent',
    'announcementBarPlaceholder',
    'backgroundColor',
    'close',
    'container',
    'isActive',
    'isCloseable',
    'textColor',
  ],
  strings: [],
  jsx: [
    'AnnouncementBarCloseButton(className,onClick)',
    'AnnouncementBarContent(className)',
    'div(className)',
    'div(className,role=banner,style)',
  ],
};
