import type { ComponentProps, ReactNode } from 'react';

type Props = ComponentProps<'a'> & { to?: string };

/** Stand-in for `@docusaurus/Link`: a plain anchor to `href` (or `to`), as the real one renders. */
export default function Link({ to, href, ...props }: Props): ReactNode {
  return <a href={href ?? to} {...props} />;
}
