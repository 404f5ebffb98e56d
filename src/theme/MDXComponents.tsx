/**
 * Swizzle (wrap) of the MDX component map: registers the components that generated and
 * hand-written MDX pages use without importing them.
 */
import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

import ModuleHeader from '@site/src/components/ModuleHeader';
import ReferenceEntry from '@site/src/components/ReferenceEntry';
import ReleaseMeta from '@site/src/components/ReleaseMeta';

export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  ModuleHeader,
  ReferenceEntry,
  ReleaseMeta,
};
