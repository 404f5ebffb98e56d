/**
 * Swizzle (wrap) of theme-classic's `NavbarItem/ComponentTypes`: the upstream navbar item types
 * plus `custom-saveOffline`, the "Save for offline" button (plugins/offline).
 */
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import SaveOfflineNavbarItem from '@site/plugins/offline/client/SaveOffline';

export default {
  ...ComponentTypes,
  'custom-saveOffline': SaveOfflineNavbarItem,
};
