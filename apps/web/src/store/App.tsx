import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { AccountPage, OrderPage } from './account.tsx';
import { CartPage } from './cart.tsx';
import { CategoriesPage, CategoryPage, SearchPage } from './catalog.tsx';
import { CheckoutPage } from './checkout.tsx';
import { ArticlePage, HomePage } from './home.tsx';
import { translator } from './i18n.ts';
import { ProductPage } from './product.tsx';
import { Link, match, Router, useRouter } from './router.tsx';
import { ShopProvider, type StoreConfig, useQuery, useShop } from './shop.tsx';
import type { Article, Items, Lang } from './types.ts';
import { Empty } from './ui.tsx';

/** The storefront: its shell (header, tabs, footer) around the page the address names. */
export function StoreApp({ config }: { config: StoreConfig }) {
  return (
    <Router base={config.base}>
      <ShopProvider
        config={config}
        fallback={(error, retry, t) => (
          <div className="shell">
            <header className="top">
              <div className="bar">
                <span className="brand sk sk-brand" />
              </div>
            </header>
            <main className="main">
              {error ? (
                <div className="alert" role="alert">
                  <span>{error.status === 0 ? t('networkError') : error.message || t('siteUnavailable')}</span>
                  <button type="button" className="btn link" onClick={retry}>
                    {t('retry')}
                  </button>
                </div>
              ) : (
                <div className="skeleton-block" role="status" aria-busy="true" aria-label={t('loading')}>
                  <div className="sk sk-banner" />
                  <div className="sk sk-line" />
                  <div className="sk sk-line short" />
                </div>
              )}
            </main>
          </div>
        )}
      >
        <Shell />
      </ShopProvider>
    </Router>
  );
}

const ROUTES: [string, (params: Record<string, string>) => ReactNode][] = [
  ['/', () => <HomePage />],
  ['/c', () => <CategoriesPage />],
  ['/c/:slug', (p) => <CategoryPage key={p.slug} slug={p.slug} />],
  ['/p/:slug', (p) => <ProductPage key={p.slug} slug={p.slug} />],
  ['/cart', () => <CartPage />],
  ['/checkout', () => <CheckoutPage />],
  ['/account', () => <AccountPage />],
  ['/orders/:orderNo', (p) => <OrderPage key={p.orderNo} orderNo={p.orderNo} />],
  ['/search', () => <SearchPage />],
  ['/a/:slug', (p) => <ArticlePage key={p.slug} slug={p.slug} />],
];

function Page({ path }: { path: string }): ReactNode {
  for (const [pattern, render] of ROUTES) {
    const params = match(pattern, path);
    if (params) return render(params);
  }
  return <NotFound />;
}

function NotFound() {
  const { t } = useShop();
  return (
    <Empty
      action={
        <Link to="/" className="btn">
          {t('backHome')}
        </Link>
      }
    >
      {t('notFound')}
    </Empty>
  );
}

function Shell() {
  const { location } = useRouter();
  return (
    <div className="shell">
      <Header />
      <main className="main">
        <Page path={location.path} />
      </main>
      <Footer />
    </div>
  );
}

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ICONS = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  cart: 'M3 4h2l2.4 11h10.2L20 7H6.2M9 20a1 1 0 100-2 1 1 0 000 2zM17 20a1 1 0 100-2 1 1 0 000 2z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6',
};

function Header() {
  const { site, t, lang, setLang, cart } = useShop();
  const { location, navigate } = useRouter();
  const [q, setQ] = useState(() => location.search.get('q') ?? '');
  const other: Lang = lang === 'en' ? 'zh-Hans' : 'en';
  const count = cart?.itemCount ?? 0;
  const on = (prefix: string) =>
    prefix === '/' ? location.path === '/' : location.path === prefix || location.path.startsWith(`${prefix}/`);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    navigate(text ? `/search?q=${encodeURIComponent(text)}` : '/search');
  };

  return (
    <header className="top">
      <div className="bar">
        <Link to="/" className="brand">
          {site.logoUrl && <img src={site.logoUrl} alt="" className="logo" />}
          <span>{site.name}</span>
        </Link>
        <div className="tools">
          {site.languages.includes(other) && (
            <button type="button" className="chip" lang={other} onClick={() => setLang(other)}>
              {translator(other)('languageName')}
            </button>
          )}
          {site.currencies.length > 1 && <CurrencyMenu />}
        </div>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (iOS 16) */}
      <form className="search" role="search" onSubmit={search}>
        <input
          type="search"
          aria-label={t('searchProducts')}
          placeholder={t('searchProducts')}
          value={q}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="btn">
          {t('search')}
        </button>
      </form>
      <nav className="tabs" aria-label={t('menu')}>
        <Link to="/" aria-current={on('/') ? 'page' : undefined}>
          <Icon d={ICONS.home} />
          <span>{t('home')}</span>
        </Link>
        <Link to="/c" aria-current={on('/c') ? 'page' : undefined}>
          <Icon d={ICONS.grid} />
          <span>{t('categories')}</span>
        </Link>
        <Link to="/cart" aria-current={on('/cart') ? 'page' : undefined} className="cart-tab">
          <Icon d={ICONS.cart} />
          <span>{t('cart')}</span>
          <span className={`count ${count ? '' : 'zero'}`} data-testid="cart-count">
            {count}
          </span>
        </Link>
        <Link to="/account" aria-current={on('/account') ? 'page' : undefined}>
          <Icon d={ICONS.user} />
          <span>{t('account')}</span>
        </Link>
      </nav>
    </header>
  );
}

function CurrencyMenu() {
  const { site, t, currency, setCurrency } = useShop();
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details className="menu" ref={menu}>
      <summary className="chip" aria-label={t('currencyIs', { code: currency })}>
        {currency}
      </summary>
      <div className="menu-list">
        {site.currencies.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={code === currency}
            onClick={() => {
              setCurrency(code);
              if (menu.current) menu.current.open = false;
            }}
          >
            {code}
          </button>
        ))}
      </div>
    </details>
  );
}

function Footer() {
  const { site, t, lang } = useShop();
  const articles = useQuery<Items<Article>>('/articles', { language: lang, maxResultCount: 6 });
  const { company } = site;
  const contact = [company.address, company.phone, company.email].filter(Boolean);
  return (
    <footer className="foot">
      {(articles.data?.items.length ?? 0) > 0 && (
        <nav aria-label={t('articles')}>
          <h2>{t('articles')}</h2>
          <ul>
            {articles.data?.items.map((a) => (
              <li key={a.slug}>
                <Link to={`/a/${a.slug}`}>{a.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {contact.length > 0 && (
        <section>
          <h2>{t('contactUs')}</h2>
          {contact.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      )}
      <p className="muted">
        © {new Date().getFullYear()} {company.name || site.name}
      </p>
    </footer>
  );
}
