import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  use,
  useEffect,
  useState,
} from 'react';

/**
 * The storefront's own small router over `history.pushState`, under the base the server serves the
 * store at (`/store/{code}`): paths inside the app are written without it (`/p/red-shirt`).
 */

export interface Location {
  /** The path inside the store, from `/`. */
  path: string;
  search: URLSearchParams;
  hash: string;
}

interface RouterValue {
  base: string;
  location: Location;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

function read(base: string): Location {
  const { pathname, search, hash } = window.location;
  const inside = pathname === base || pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : '/';
  let path = inside || '/';
  try {
    path = decodeURI(path);
  } catch {
    // a malformed address: matched as it is (to no page)
  }
  return { path, search: new URLSearchParams(search), hash };
}

export function Router({ base, children }: { base: string; children: ReactNode }) {
  const [location, setLocation] = useState(() => read(base));

  useEffect(() => {
    const onPop = () => setLocation(read(base));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [base]);

  const navigate = (to: string, options: { replace?: boolean } = {}) => {
    const url = `${base}${to.startsWith('/') ? to : `/${to}`}`;
    if (options.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    const next = read(base);
    setLocation(next);
    if (!next.hash) window.scrollTo?.(0, 0);
  };

  return <RouterContext value={{ base, location, navigate }}>{children}</RouterContext>;
}

export function useRouter(): RouterValue {
  const value = use(RouterContext);
  if (!value) throw new Error('useRouter outside <Router>');
  return value;
}

/** The segments of a path matching `pattern` (`/p/:slug`), or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = have[i];
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link inside the store: a real address (opens in a new tab), followed without reloading. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const { base, navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={`${base}${to}`} onClick={follow} {...rest} />;
}
