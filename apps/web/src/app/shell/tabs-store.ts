import { create } from 'zustand';

/** A visited page in the tab bar (spec §2, §4). Keyed by path: one tab per page path. */
export interface TabView {
  /** The page path (no query): the tab's identity and its keep-alive cache key. */
  path: string;
  /** Path with query string, restored when the tab is clicked. */
  fullPath: string;
  /** Route name (menu name), used for data-testid="tab-<name>". */
  name: string;
  /** Localization key or text. */
  title: string;
  affix: boolean;
  noCache: boolean;
}

export interface TabsState {
  views: TabView[];
  /** Bumped by "refresh": the page re-mounts under a new key. */
  refreshKeys: Record<string, number>;
  /** Adds a visited named page, or updates its query/title. */
  addView(view: TabView): void;
  /** Closes one tab (affixed tabs stay). Returns where to go when it was the active one. */
  closeView(path: string, activePath: string): string | undefined;
  /** Keeps affixed tabs and the given one. Returns where to go when the active tab was closed. */
  closeOthers(path: string, activePath: string): string | undefined;
  /** Keeps affixed tabs only. Returns where to go when the active tab was closed. */
  closeAll(activePath: string): string | undefined;
  refresh(path: string): void;
  /** Affixed routes always have a tab (Dashboard). */
  setAffix(views: TabView[]): void;
  clear(): void;
}

/** Spec §2: closing the active tab goes to the last remaining tab, else '/'. */
export function nextAfterClose(remaining: TabView[], activePath: string): string | undefined {
  if (remaining.some((v) => v.path === activePath)) return undefined;
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : '/';
}

export const useTabs = create<TabsState>()((set, get) => ({
  views: [],
  refreshKeys: {},
  addView: (view) =>
    set((s) => {
      const i = s.views.findIndex((v) => v.path === view.path);
      if (i === -1) return { views: [...s.views, view] };
      const current = s.views[i];
      if (current.fullPath === view.fullPath && current.title === view.title && current.name === view.name) return s;
      const views = s.views.slice();
      views[i] = { ...current, fullPath: view.fullPath, title: view.title, name: view.name, noCache: view.noCache };
      return { views };
    }),
  closeView: (path, activePath) => {
    const target = get().views.find((v) => v.path === path);
    if (!target || target.affix) return undefined;
    const views = get().views.filter((v) => v.path !== path);
    set((s) => ({ views, refreshKeys: dropKey(s.refreshKeys, path) }));
    return nextAfterClose(views, activePath);
  },
  closeOthers: (path, activePath) => {
    const views = get().views.filter((v) => v.affix || v.path === path);
    set({ views, refreshKeys: keepKeys(get().refreshKeys, views) });
    const kept = views.find((v) => v.path === path);
    if (kept && kept.path !== activePath) return kept.fullPath;
    return nextAfterClose(views, activePath);
  },
  closeAll: (activePath) => {
    const views = get().views.filter((v) => v.affix);
    set({ views, refreshKeys: keepKeys(get().refreshKeys, views) });
    return nextAfterClose(views, activePath);
  },
  refresh: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
  setAffix: (affix) =>
    set((s) => {
      const missing = affix.filter((a) => !s.views.some((v) => v.path === a.path));
      if (missing.length === 0) return s;
      // affixed tabs lead the bar
      return { views: [...missing, ...s.views] };
    }),
  clear: () => set({ views: [], refreshKeys: {} }),
}));

function dropKey(keys: Record<string, number>, path: string): Record<string, number> {
  const { [path]: _dropped, ...rest } = keys;
  return rest;
}

function keepKeys(keys: Record<string, number>, views: TabView[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of views) if (keys[v.path] !== undefined) out[v.path] = keys[v.path];
  return out;
}
