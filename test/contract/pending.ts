/**
 * Paths of the URL contract that later issues deliver. The contract test expects every other
 * path to resolve now, and expects these NOT to resolve yet, so an issue that delivers a section
 * must also remove its entry here. By the end this list is empty.
 */
export interface PendingSection {
  /** The issue that delivers the section. */
  issue: number;
  /** A path prefix (or exact path) of the contract. */
  prefix: string;
}

export const PENDING_SECTIONS: readonly PendingSection[] = [];

/** The pending section a contract path falls under, if any. */
export function pendingSectionOf(route: string): PendingSection | undefined {
  return PENDING_SECTIONS.find((section) => route === section.prefix || route.startsWith(section.prefix));
}
