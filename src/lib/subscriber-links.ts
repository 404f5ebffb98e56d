/**
 * Classifies links to the provider's source-hosting organisation.
 *
 * A link is subscriber-only when it points into the organisation and its repository (the first
 * path segment after the organisation) is not public. The rules, case by case:
 *
 * | Case | Rule |
 * |---|---|
 * | `http:` or `https:` | both count (the host redirects http to https) |
 * | host | exactly `github.com` or `www.github.com`, ignoring case and one trailing dot (`github.com.` is the same host, fully qualified); `github.com.evil.com` and other hosts never count |
 * | organisation | the first path segment equals `gruntwork-io`, ignoring case (the host ignores case); `gruntwork-iox` does not count |
 * | bare organisation | `https://github.com/gruntwork-io` or `.../gruntwork-io/` is public (the organisation page) |
 * | repository | percent-decoded (a malformed escape such as `%E0%A4%A` stays as written), then compared with the public list ignoring case; a trailing `.git` is dropped |
 * | user info, port | ignored |
 * | query string, fragment, trailing slash, deeper path | ignored: only the repository decides |
 * | relative links, `mailto:`, other schemes, strings that are not URLs | never subscriber-only |
 *
 * `classifyLink` never throws: it runs inside click, hover and focus handlers, before the click's
 * default action is prevented.
 *
 * The repository sets for the CIS and Enterprise variants come from an optional package; when it
 * is absent both sets are empty and every private link is the general variant.
 */
import { EMPTY_REPO_SETS, type RepoSets } from '@site/plugins/subscriber-links/contract';
import { GITHUB_ORG_URL, PUBLIC_REPOS } from '@site/src/site-constants';

/** Which dialog a subscriber-only link gets: the general one, or the CIS or Enterprise one. */
export type SubscriberVariant = 'general' | 'cis' | 'enterprise';

/** A subscriber-only link: its repository name as written and its variant. */
export interface SubscriberLink {
  repo: string;
  variant: SubscriberVariant;
}

const ORG = new URL(GITHUB_ORG_URL);
const ORG_NAME = (ORG.pathname.split('/')[1] ?? '').toLowerCase();
const HOSTS = new Set([ORG.hostname, `www.${ORG.hostname}`]);
const lower = (list: readonly string[]): Set<string> => new Set(list.map((name) => name.toLowerCase()));
const PUBLIC = lower(PUBLIC_REPOS);

/** A run of `%XX` escapes. */
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;

/**
 * Percent-decodes `text` without ever throwing: each run of `%XX` escapes that is valid UTF-8 is
 * decoded, and a run that is not (`%E0%A4%A`, `%FF`) is kept as written.
 */
export function safeDecode(text: string): string {
  return text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The host name in lower case, without one trailing dot (`GitHub.com.` is `github.com`). */
export function normalizeHost(hostname: string): string {
  const host = hostname.toLowerCase();
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Classifies one link.
 * @param href - the link's address; relative addresses are never subscriber-only.
 * @param sets - the CIS and Enterprise repository sets.
 * @returns the repository (decoded, in the link's letter case) and variant, or `null` when the
 *   link needs no warning. Never throws, whatever the string.
 */
export function classifyLink(href: string, sets: RepoSets = EMPTY_REPO_SETS): SubscriberLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!HOSTS.has(normalizeHost(url.hostname))) return null;
  const [, org = '', rawRepo = ''] = url.pathname.split('/');
  if (safeDecode(org).toLowerCase() !== ORG_NAME) return null;
  const repo = safeDecode(rawRepo).replace(/\.git$/i, '');
  if (repo === '' || PUBLIC.has(repo.toLowerCase())) return null;
  const key = repo.toLowerCase();
  if (lower(sets.cis).has(key)) return { repo, variant: 'cis' };
  if (lower(sets.enterprise).has(key)) return { repo, variant: 'enterprise' };
  return { repo, variant: 'general' };
}
