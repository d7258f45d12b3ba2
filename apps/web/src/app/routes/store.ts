import { create } from 'zustand';
import type { MenuDto } from '../../lib/abp/types.ts';
import { type AppRoute, buildRouteTree } from './route-table.ts';
import { staticLayoutMenus } from './static-routes.ts';

interface RoutesState {
  ready: boolean;
  menus: MenuDto[];
  tree: AppRoute[];
  setMenus(menus: MenuDto[], held: ReadonlySet<string>): void;
  clear(): void;
}

/** The dynamic routes added after sign-in (spec §4: cleared with the session). */
export const useRoutes = create<RoutesState>()((set) => ({
  ready: false,
  menus: [],
  tree: [],
  setMenus: (menus, held) => set({ ready: true, menus, tree: buildRouteTree(menus, staticLayoutMenus, held) }),
  clear: () => set({ ready: false, menus: [], tree: [] }),
}));
