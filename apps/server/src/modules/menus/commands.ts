import type { Services } from '../../core/services.ts';
import { createLayout, deleteLayout, updateLayout } from './layouts.ts';
import { createMenu, deleteMenu, setRoleMenus, setUserMenus, updateMenu } from './service.ts';

/**
 * The menus module's writes (the service shape, `docs/architecture.md`), each taking the open
 * transaction (the caller's tenant) and the context. None opens a unit of work; no other module
 * reacts to a menu or layout change, so none raises an event. The writes themselves live in
 * `service.ts` (menus and their links) and `layouts.ts`.
 */
export const menuCommands = (_services: Pick<Services, 'events'>) => ({
  createMenu,
  updateMenu,
  deleteMenu,
  setRoleMenus,
  setUserMenus,
  createLayout,
  updateLayout,
  deleteLayout,
});
