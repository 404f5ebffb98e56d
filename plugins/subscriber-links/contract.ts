/**
 * What the subscriber-links plugin hands from build time to the browser: the CIS and Enterprise
 * repository sets, published as the plugin's global data. The plugin (in Node) and the Root
 * wrapper (in the browser) both import this module, so it must stay free of imports and side
 * effects.
 */

/** The plugin's name, which is also the key its global data is read under with `usePluginData`. */
export const SUBSCRIBER_LINKS_PLUGIN = 'subscriber-links';

/**
 * The plugin's global data: the names of the repositories whose subscriber-only links get the
 * CIS variant of the notice, and of those that get the Enterprise variant. A repository in neither
 * list gets the general variant. Names are compared ignoring case.
 */
export interface RepoSets {
  cis: readonly string[];
  enterprise: readonly string[];
}

/** The sets when the optional package that holds them is absent: every private link is general. */
export const EMPTY_REPO_SETS: RepoSets = { cis: [], enterprise: [] };
