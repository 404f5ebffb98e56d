/**
 * The header of a module or service reference page: version badge, repository and a "View source"
 * link. The link is a plain anchor, so the subscriber-only notice (shown for links to private
 * source repositories) applies to it.
 *
 * In the document the parts come in sentence order, with visually hidden punctuation, so screen
 * readers and the page's Markdown twin read "Terraform module `repo/modules/name`, version `v1.2.3`.
 * View source"; the badge is still drawn first (`order` in the stylesheet). The path carries the
 * search's name attribute, so the offline search counts the code name with the page's title.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';

import { SEARCH_NAME_ATTRIBUTE } from '@site/plugins/local-search/contract';

import VisuallyHidden from '../VisuallyHidden';
import styles from './styles.module.css';

/** Props of {@link ModuleHeader}. */
export interface ModuleHeaderProps {
  /** Repository name, for example `terraform-aws-vpc`. */
  repository: string;
  /** Module folder, or `category/service` for services. */
  module: string;
  /** Current version, `v1.2.3`. */
  version: string;
  /** `terraform`, `script` or `service`. */
  kind: 'terraform' | 'script' | 'service';
  /** Source address on the source host. */
  sourceUrl: string;
}

const KIND_LABELS: Record<ModuleHeaderProps['kind'], string> = {
  terraform: 'Terraform module',
  script: 'Script module',
  service: 'Service',
};

/** Version badge, kind, repository and the source link, in one row. */
export default function ModuleHeader({ repository, module, version, kind, sourceUrl }: ModuleHeaderProps): ReactNode {
  return (
    <div className={styles.header}>
      <strong className={styles.kind}>{KIND_LABELS[kind]}</strong>{' '}
      <code className={styles.path} {...{ [SEARCH_NAME_ATTRIBUTE]: `${repository}/modules/${module}` }}>
        {repository}/modules/{module}
      </code>
      <VisuallyHidden>, version </VisuallyHidden>
      <code className={styles.version} title="Current version">
        {version}
      </code>
      <VisuallyHidden>.</VisuallyHidden>{' '}
      <Link className={`button button--sm button--outline button--primary ${styles.source}`} href={sourceUrl}>
        View source
      </Link>
    </div>
  );
}
