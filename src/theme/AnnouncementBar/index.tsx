/**
 * Ejected from @docusaurus/theme-classic 3.10.2, src/theme/AnnouncementBar/index.tsx (MIT,
 * Facebook, Inc. and its affiliates). Styles copied unchanged from the same version.
 *
 * Why ejected: upstream gives the bar `role="banner"`, so every page has two banner landmarks (the
 * bar and the page header) and fails axe's landmark-no-duplicate-banner and landmark-unique rules
 * (see ARCHITECTURE.md, 'Accessibility'). A wrapper cannot remove an inner role. The only change:
 * the bar is a labelled region.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames, useThemeConfig } from '@docusaurus/theme-common';
import { useAnnouncementBar } from '@docusaurus/theme-common/internal';
import AnnouncementBarCloseButton from '@theme/AnnouncementBar/CloseButton';
import AnnouncementBarContent from '@theme/AnnouncementBar/Content';

import styles from './styles.module.css';

export default function AnnouncementBar(): ReactNode {
  const { announcementBar } = useThemeConfig();
  const { isActive, close } = useAnnouncementBar();
  if (!isActive || !announcementBar) {
    return null;
  }
  const { backgroundColor, textColor, isCloseable } = announcementBar;
  return (
    <section
      className={clsx(ThemeClassNames.announcementBar.container, styles.announcementBar)}
      style={{ backgroundColor, color: textColor }}
      aria-label="Announcement"
    >
      {isCloseable && <div className={styles.announcementBarPlaceholder} />}
      <AnnouncementBarContent className={styles.announcementBarContent} />
      {isCloseable && <AnnouncementBarCloseButton onClick={close} className={styles.announcementBarClose} />}
    </section>
  );
}
