import { createContext, useContext } from 'react';

export interface PageRouteInfo {
  /** Route name from the menu (also the tab name). */
  name: string;
  /** The page's own path (kept pages stay on their path while hidden). */
  pathname: string;
  search: string;
  params: Record<string, string | undefined>;
  title: string;
}

export const PageRouteContext = createContext<PageRouteInfo | null>(null);

/** Route information of the page being rendered; stable while the page is kept alive in a hidden tab. */
export function usePageRoute(): PageRouteInfo {
  const info = useContext(PageRouteContext);
  if (!info) throw new Error('usePageRoute must be used inside a layout page');
  return info;
}
