import type { ComponentProps, ReactNode } from 'react';

type Props = ComponentProps<'h1'> & { as: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' };

/** Stand-in for `@theme/Heading`: a plain heading of the requested level. */
export default function Heading({ as: Tag, ...props }: Props): ReactNode {
  return <Tag {...props} />;
}
