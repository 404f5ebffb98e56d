/**
 * What the page needs to know about subscriber-only links before the dialog itself has loaded:
 * the title and don't-warn key of each variant, and the pending link's shape.
 * Kept apart from the dialog so the page's first load does not carry the dialog's code.
 */
import { STORAGE_KEYS } from '@site/src/site-constants';
import { readStorage } from '@site/src/lib/storage';
import type { SubscriberVariant } from '@site/src/lib/subscriber-links';

/** The dialog title of each variant. */
export const DIALOG_TITLES: Record<SubscriberVariant, string> = {
  general: 'For Subscribers Only',
  cis: 'For CIS Subscribers Only',
  enterprise: 'For Enterprise Subscribers Only',
};

/** The storage key of each variant's don't-warn flag; the flag's value is `'true'` when set. */
export const DONT_WARN_KEYS: Record<SubscriberVariant, string> = {
  general: STORAGE_KEYS.dontWarnGithub,
  cis: STORAGE_KEYS.dontWarnCis,
  enterprise: STORAGE_KEYS.dontWarnEnterprise,
};

/** Whether the reader asked not to be warned about links of this variant. */
export function isWarningDismissed(variant: SubscriberVariant): boolean {
  return readStorage(DONT_WARN_KEYS[variant]) === 'true';
}

/** The link the dialog is about. */
export interface PendingLink {
  href: string;
  repo: string;
  variant: SubscriberVariant;
  /** Where focus returns when the dialog closes (the clicked link). */
  returnFocusTo?: HTMLElement | null;
}
