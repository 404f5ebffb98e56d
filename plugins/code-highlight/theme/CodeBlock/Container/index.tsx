/**
 * Ejected from @docusaurus/theme-classic 3.10.2 `theme/CodeBlock/Container/index.js` (MIT).
 *
 * Why: upstream sets the Prism theme's colours as inline CSS variables, which the server renders
 * for the light theme and which hydration cannot change, hence its second render of every block.
 * The variables come from the plugin's stylesheet instead (`--prism-color`,
 * `--prism-background-color` per `data-theme`).
 */
import React, { type ComponentProps, type ElementType, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';

import styles from './styles.module.css';

/** The block's outer element, rendered as `as`. */
export default function CodeBlockContainer<T extends ElementType>({
  as: As,
  ...props
}: { as: T } & ComponentProps<T>): ReactNode {
  return (
    <As
      {...props}
      className={clsx(
        (props as { className?: string }).className,
        styles.codeBlockContainer,
        ThemeClassNames.common.codeBlock,
      )}
    />
  );
}
