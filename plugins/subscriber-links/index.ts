/**
 * Local plugin: the CIS and Enterprise repository sets for the subscriber-only notice, published
 * as global data ({@link RepoSets}, see `contract.ts`). They come from an optional package; when it
 * is absent the plugin logs one message at build time and publishes empty lists, so every private
 * link gets the general notice.
 */
import { createRequire } from 'node:module';
import type { Plugin } from '@docusaurus/types';

import { EMPTY_REPO_SETS, SUBSCRIBER_LINKS_PLUGIN, type RepoSets } from './contract';
import { noOptions } from '../plugin-options';

/** The optional package that holds the repository sets. */
export const REPO_SETS_PACKAGE = '@gruntwork-io/repo-sets';

/** The shape the optional package exports. */
interface RepoSetsModule {
  cisRepos?: unknown;
  enterpriseRepos?: unknown;
}

const toNames = (value: unknown, field: string): string[] => {
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    throw new Error(`${REPO_SETS_PACKAGE}: field "${field}" must be an array of repository names`);
  }
  return value;
};

/**
 * Loads the sets.
 * @param load - resolves and loads the package; injectable for tests.
 * @param log - where the "package absent" message goes.
 * @throws Error naming the package and field when the package is present but malformed.
 */
export function loadRepoSets(load: (name: string) => unknown, log: (message: string) => void): RepoSets {
  let mod: RepoSetsModule;
  try {
    mod = load(REPO_SETS_PACKAGE) as RepoSetsModule;
  } catch {
    log(
      `[${SUBSCRIBER_LINKS_PLUGIN}] ${REPO_SETS_PACKAGE} is not installed: the CIS and Enterprise repository sets are empty.`,
    );
    return EMPTY_REPO_SETS;
  }
  return {
    cis: toNames(mod.cisRepos ?? [], 'cisRepos'),
    enterprise: toNames(mod.enterpriseRepos ?? [], 'enterpriseRepos'),
  };
}

/** Docusaurus plugin factory. */
export default function subscriberLinksPlugin(context?: unknown, options?: unknown): Plugin {
  noOptions('subscriber-links')(options);
  const requireFromSite = createRequire(__filename);
  return {
    name: SUBSCRIBER_LINKS_PLUGIN,
    loadContent() {
      return Promise.resolve(
        loadRepoSets(
          (name) => requireFromSite(name),
          (message) => {
            console.info(message);
          },
        ),
      );
    },
    contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
      return Promise.resolve();
    },
  };
}
