/**
 * Classifies links to the provider's source-hosting organisation (SPEC §5, FACTS.md).
 *
 * A link is subscriber-only when it points into the organisation and its repository (the first
 * path segment after the organisation) is not public. The rules, case by case:
 *
 * | Case | Rule |
 * |---|---|
 * | `http:` or `https:` | both count (the host redirects http to https) |
 * | host | exactly `github.com` or `www.github.com`; `github.com.evil.com` and other hosts never count |
 * | organisation | the first path segment equals `gruntwork-io`, ignoring case (the host ignores case); `gruntwork-iox` does not count |
 * | bare organisation | `https://github.com/gruntwork-io` or `.../gruntwork-io/` is public (the organisation page) |
 * | repository | compared with the public list ignoring case; a trailing `.git` is dropped |
 * | query string, fragment, trailing slash, deeper path | ignored: only the repository decides |
 * | relative links, `mailto:`, other schemes | never subscriber-only |
 *
 * The repository sets for the CIS and Enterprise variants come from an optional package; when it
 * is absent both sets are empty (SPEC §8) and every private link is the general variant.
 */
import { GITHUB_ORG_URL, PUBLIC_REPOS } from '@site/src/site-constants';

/** Which dialog a subscriber-only link gets (SPEC §4, §8). */
export type SubscriberVariant = 'general' | 'cis' | 'enterprise';

/** A subscriber-only link: its repository name as written and its variant. */
export interface SubscriberLink {
  repo: string;
  variant: SubscriberVariant;
}

/** The repository sets of the CIS and Enterprise variants. */
export interface RepoSets {
  cis: readonly string[];
  enterprise: readonly string[];
}

export const EMPTY_REPO_SETS: RepoSets = { cis: [], enterprise: [] };

const ORG = new URL(GITHUB_ORG_URL);
const ORG_NAME = (ORG.pathname.split('/')[1] ?? '').toLowerCase();
const HOSTS = new Set([ORG.hostname, `www.${ORG.hostname}`]);
const lower = (list: readonly string[]): Set<string> => new Set(list.map((name) => name.toLowerCase()));
const PUBLIC = lower(PUBLIC_REPOS);

/**
 * Classifies one link.
 * @param href - the link's address; relative addresses are never subscriber-only.
 * @param sets - the CIS and Enterprise repository sets.
 * @returns the repository and variant, or `null` when the link needs no warning.
 */
export function classifyLink(href: string, sets: RepoSets = EMPTY_REPO_SETS): SubscriberLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  const [, org = '', rawRepo = ''] = url.pathname.split('/');
  if (org.toLowerCase() !== ORG_NAME) return null;
  const repo = decodeURIComponent(rawRepo).replace(/\.git$/i, '');
  if (repo === '' || PUBLIC.has(repo.toLowerCase())) return null;
  const key = repo.toLowerCase();
  if (lower(sets.cis).has(key)) return { repo, variant: 'cis' };
  if (lower(sets.enterprise).has(key)) return { repo, variant: 'enterprise' };
  return { repo, variant: 'general' };
}
