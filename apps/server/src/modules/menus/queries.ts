import { allLayouts, getLayout, layoutListService } from './layouts.ts';
import { allMenus, currentUserMenus, getMenu, menuListService, roleMenuList, userMenuList } from './service.ts';

/**
 * The menus module's reads (the service shape, `docs/architecture.md`), each taking the open
 * unit's `tx` (the caller's tenant) and the context; `currentUser` takes the caller's grants,
 * read before the unit. The reads themselves live in `service.ts` (menus) and `layouts.ts`.
 */
export const menuQueries = {
  menu: getMenu,
  menus: menuListService,
  allMenus,
  roleMenus: roleMenuList,
  userMenus: userMenuList,
  currentUser: currentUserMenus,
  layout: getLayout,
  layouts: layoutListService,
  allLayouts,
};
