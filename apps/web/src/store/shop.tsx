import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Api, ApiError, createApi, type Query, queryString } from './api.ts';
import { browserLang, isLang, type Translate, translator } from './i18n.ts';
import type { Cart, Customer, Lang, Order, Site } from './types.ts';

/**
 * What every page of the storefront shares: the site, the shopper's language and currency, the
 * cart (its token kept in localStorage per site key), the signed-in shopper (their token kept the
 * same way) and the order just placed.
 */

export interface StoreConfig {
  /** The site's publishable key (`pk_…`). */
  key: string;
  /** Where the server serves the store (`/store/{code}`), without a trailing slash. */
  base: string;
}

/** localStorage, where the browser allows it (a private window may refuse it). */
export const storage = {
  get(name: string): string | null {
    try {
      return window.localStorage.getItem(name);
    } catch {
      return null;
    }
  },
  set(name: string, value: string | null) {
    try {
      if (value === null) window.localStorage.removeItem(name);
      else window.localStorage.setItem(name, value);
    } catch {
      // not remembered: the store still works for this visit
    }
  },
};

export const storageKeys = (key: string) => ({
  cart: `store:${key}:cart`,
  shopper: `store:${key}:shopper`,
  lang: `store:${key}:lang`,
  currency: `store:${key}:currency`,
});

export interface Shop {
  config: StoreConfig;
  api: Api;
  site: Site;
  lang: Lang;
  t: Translate;
  setLang: (lang: Lang) => void;
  /** The currency prices are read in (a cart keeps the one it was made with). */
  currency: string;
  setCurrency: (currency: string) => void;
  cart: Cart | null;
  /** The cart remembered is being read (the first moments of a visit). */
  cartLoading: boolean;
  addToCart: (variantId: string, quantity: number) => Promise<Cart>;
  /** Runs a call on the cart (its token given), keeping its answer; a cart gone (404) is forgotten. */
  changeCart: (call: (token: string) => Promise<Cart>) => Promise<Cart>;
  forgetCart: () => void;
  shopperToken: string | null;
  customer: Customer | null;
  signedIn: (token: string) => void;
  signOut: () => Promise<void>;
  lastOrder: Order | null;
  orderPlaced: (order: Order) => void;
  /** Answers of GET calls this visit, by language and address. */
  cache: Map<string, unknown>;
}

const ShopContext = createContext<Shop | null>(null);

export function useShop(): Shop {
  const shop = use(ShopContext);
  if (!shop) throw new Error('useShop outside <ShopProvider>');
  return shop;
}

const FINISHED = new Set(['CONVERTED', 'RECOVERED']);

type SiteState = { site: Site } | { error: ApiError } | null;

export function ShopProvider({
  config,
  children,
  fallback,
}: {
  config: StoreConfig;
  children: ReactNode;
  /** Drawn while the site loads, or with its error. */
  fallback: (error: ApiError | null, retry: () => void, t: Translate) => ReactNode;
}) {
  const keys = useMemo(() => storageKeys(config.key), [config.key]);
  const remembered = storage.get(keys.lang);
  const [lang, setLangState] = useState<Lang>(isLang(remembered) ? remembered : browserLang());
  const [shopperToken, setShopperToken] = useState<string | null>(() => storage.get(keys.shopper));
  const langRef = useRef(lang);
  const tokenRef = useRef(shopperToken);
  const api = useMemo(
    () => createApi({ key: config.key, lang: () => langRef.current, shopperToken: () => tokenRef.current }),
    [config.key],
  );
  const cache = useMemo(() => new Map<string, unknown>(), []);

  const [siteState, setSiteState] = useState<SiteState>(null);
  const [siteTry, setSiteTry] = useState(0);
  const [currency, setCurrencyState] = useState('');
  const currencyRef = useRef('');

  const chooseLang = useCallback(
    (next: Lang) => {
      langRef.current = next;
      setLangState(next);
      storage.set(keys.lang, next);
    },
    [keys],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new try (siteTry) asks again
  useEffect(() => {
    let live = true;
    setSiteState(null);
    api.get<Site>('/site').then(
      (site) => {
        if (!live) return;
        const saved = storage.get(keys.lang);
        const useLang = isLang(saved) && site.languages.includes(saved) ? saved : site.defaultLanguage;
        langRef.current = useLang;
        setLangState(useLang);
        const savedCurrency = storage.get(keys.currency);
        const useCurrency =
          savedCurrency && site.currencies.includes(savedCurrency) ? savedCurrency : site.defaultCurrency;
        currencyRef.current = useCurrency;
        setCurrencyState(useCurrency);
        setSiteState({ site });
      },
      (error: unknown) => {
        if (live) setSiteState({ error: error instanceof ApiError ? error : new ApiError(0, '') });
      },
    );
    return () => {
      live = false;
    };
  }, [api, keys, siteTry]);

  // ---- the cart
  const [cart, setCart] = useState<Cart | null>(null);
  const [cartLoading, setCartLoading] = useState(() => !!storage.get(keys.cart));
  const cartRef = useRef<Cart | null>(null);
  const cartReady = useRef<Promise<void> | null>(null);

  const keepCart = useCallback(
    (next: Cart | null) => {
      cartRef.current = next;
      setCart(next);
      storage.set(keys.cart, next?.token ?? null);
      return next;
    },
    [keys],
  );
  const forgetCart = useCallback(() => {
    keepCart(null);
  }, [keepCart]);

  useEffect(() => {
    const token = storage.get(keys.cart);
    if (!token) return;
    let live = true;
    cartReady.current = api.get<Cart>(`/carts/${encodeURIComponent(token)}`).then(
      (found) => {
        if (live) keepCart(FINISHED.has(found.status) ? null : found);
      },
      (error: unknown) => {
        if (live && error instanceof ApiError && (error.status === 404 || error.status === 400)) keepCart(null);
      },
    );
    void cartReady.current.then(() => {
      if (live) setCartLoading(false);
    });
    return () => {
      live = false;
    };
  }, [api, keys, keepCart]);

  const t = useMemo(() => translator(lang), [lang]);

  const changeCart = useCallback(
    async (call: (token: string) => Promise<Cart>) => {
      await cartReady.current;
      const current = cartRef.current;
      if (!current) throw new ApiError(404, t('cartGone'));
      try {
        return keepCart(await call(current.token)) as Cart;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          keepCart(null);
          throw new ApiError(404, t('cartGone'));
        }
        throw error;
      }
    },
    [keepCart, t],
  );

  const addToCart = useCallback(
    async (variantId: string, quantity: number) => {
      await cartReady.current;
      const newCart = async () =>
        keepCart(await api.post<Cart>('/carts', { currency: currencyRef.current || undefined })) as Cart;
      let current = cartRef.current;
      // an empty cart in another currency is replaced by one in the shopper's currency
      if (current && current.lines.length === 0 && current.currency !== currencyRef.current) current = null;
      const target = current ?? (await newCart());
      const add = (token: string) =>
        api.post<Cart>(`/carts/${encodeURIComponent(token)}/lines`, { variantId, quantity });
      try {
        return keepCart(await add(target.token)) as Cart;
      } catch (error) {
        // a cart that expired meanwhile: a new one
        if (!(error instanceof ApiError && error.status === 404 && current)) throw error;
        keepCart(null);
        const fresh = await newCart();
        return keepCart(await add(fresh.token)) as Cart;
      }
    },
    [api, keepCart],
  );

  const setCurrency = useCallback(
    (next: string) => {
      currencyRef.current = next;
      setCurrencyState(next);
      storage.set(keys.currency, next);
      // an empty cart is made again in the new currency when something is added
      if (cartRef.current && cartRef.current.lines.length === 0) keepCart(null);
    },
    [keys, keepCart],
  );

  // ---- the shopper
  const [customer, setCustomer] = useState<Customer | null>(null);
  useEffect(() => {
    setCustomer(null);
    if (!shopperToken) return;
    let live = true;
    api.get<Customer>('/customers/me').then(
      (me) => {
        if (live) setCustomer(me);
      },
      (error: unknown) => {
        if (live && error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          tokenRef.current = null;
          setShopperToken(null);
          storage.set(keys.shopper, null);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [api, keys, shopperToken]);

  const signedIn = useCallback(
    (token: string) => {
      tokenRef.current = token;
      storage.set(keys.shopper, token);
      cache.clear();
      setShopperToken(token);
    },
    [keys, cache],
  );
  const signOut = useCallback(async () => {
    try {
      await api.delete('/auth/token');
    } catch {
      // signed out here whatever the server says
    }
    tokenRef.current = null;
    storage.set(keys.shopper, null);
    cache.clear();
    setShopperToken(null);
  }, [api, keys, cache]);

  const [lastOrder, setLastOrder] = useState<Order | null>(null);
  const orderPlaced = useCallback(
    (order: Order) => {
      setLastOrder(order);
      keepCart(null);
    },
    [keepCart],
  );

  const site = siteState && 'site' in siteState ? siteState.site : null;

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  useEffect(() => {
    if (!site) return;
    document.title = site.seo.title || site.name;
    if (site.seo.description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.append(meta);
      }
      meta.content = site.seo.description;
    }
  }, [site]);

  const shop = useMemo<Shop | null>(
    () =>
      site && {
        config,
        api,
        site,
        lang,
        t,
        setLang: chooseLang,
        currency,
        setCurrency,
        cart,
        cartLoading,
        addToCart,
        changeCart,
        forgetCart,
        shopperToken,
        customer,
        signedIn,
        signOut,
        lastOrder,
        orderPlaced,
        cache,
      },
    [
      site,
      config,
      api,
      lang,
      t,
      chooseLang,
      currency,
      setCurrency,
      cart,
      cartLoading,
      addToCart,
      changeCart,
      forgetCart,
      shopperToken,
      customer,
      signedIn,
      signOut,
      lastOrder,
      orderPlaced,
      cache,
    ],
  );

  if (!shop)
    return fallback(siteState && 'error' in siteState ? siteState.error : null, () => setSiteTry((n) => n + 1), t);
  return <ShopContext value={shop}>{children}</ShopContext>;
}

/** What a page shows of a GET: its answer (kept for the visit), its refusal, and a way to ask again. */
export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

export function useQuery<T>(path: string | null, query?: Query): Loaded<T> {
  const { api, lang, cache } = useShop();
  const url = path === null ? null : `${path}${queryString(query)}`;
  const key = url === null ? null : `${lang}|${url}`;
  const [state, setState] = useState<{ key: string | null; data?: T; error?: ApiError }>({ key: null });
  const [nonce, setNonce] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload (nonce) asks again
  useEffect(() => {
    if (url === null) return;
    const key = `${lang}|${url}`;
    let live = true;
    setState({ key, data: cache.get(key) as T | undefined });
    api.get<T>(url).then(
      (data) => {
        cache.set(key, data);
        if (live) setState({ key, data });
      },
      (error: unknown) => {
        if (live) setState({ key, error: error instanceof ApiError ? error : new ApiError(0, '') });
      },
    );
    return () => {
      live = false;
    };
  }, [api, cache, lang, url, nonce]);

  const current = state.key === key ? state : { key, data: key ? (cache.get(key) as T | undefined) : undefined };
  return {
    data: current.data,
    error: current.error,
    loading: key !== null && current.data === undefined && current.error === undefined,
    reload: () => setNonce((n) => n + 1),
  };
}

/** The text to show for a failed call: the server's message, or what went wrong in the shopper's words. */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('networkError');
    if (error.message) return error.message;
  }
  return t('failed');
}
