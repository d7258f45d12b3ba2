import type { TextKey } from './i18n.ts';
import { Link, useRouter } from './router.tsx';
import { useQuery, useShop } from './shop.tsx';
import type { Category, Items } from './types.ts';
import { Empty, Pending, ProductList } from './ui.tsx';

const SORTS = ['newest', 'price-asc', 'price-desc', 'rating', 'title'] as const;

function useCategories() {
  return useQuery<Items<Category>>('/categories');
}

/** `/c`: the site's category tree. */
export function CategoriesPage() {
  const { t } = useShop();
  const categories = useCategories();
  if (!categories.data) return <Pending loading={categories.loading} error={categories.error} />;
  const all = categories.data.items;
  const children = (id: string | null) => all.filter((c) => c.parentId === id);
  const top = all.filter((c) => !c.parentId || !all.some((p) => p.id === c.parentId));
  if (top.length === 0) return <Empty>{t('noProducts')}</Empty>;
  return (
    <section className="section">
      <h1 className="page-title">{t('allCategories')}</h1>
      <ul className="tree">
        {top.map((c) => (
          <li key={c.id}>
            <Link to={`/c/${c.slug}`} className="tree-top">
              <span>{c.name}</span>
              <span className="muted">{c.productCount}</span>
            </Link>
            {children(c.id).length > 0 && (
              <div className="chips wrap">
                {children(c.id).map((sub) => (
                  <Link key={sub.id} to={`/c/${sub.slug}`} className="chip">
                    {sub.name}
                  </Link>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SortChips() {
  const { t } = useShop();
  const { location, navigate } = useRouter();
  const sort = location.search.get('sort') ?? 'newest';
  const to = (value: string) => {
    const search = new URLSearchParams(location.search);
    search.set('sort', value);
    navigate(`${location.path}?${search}`, { replace: true });
  };
  return (
    <fieldset className="chips">
      <legend className="sr-only">{t('sort')}</legend>
      {SORTS.map((s) => (
        <button key={s} type="button" className="chip" aria-pressed={sort === s} onClick={() => to(s)}>
          {t(`sort.${s}` as TextKey)}
        </button>
      ))}
    </fieldset>
  );
}

const sortOf = (value: string | null) => (SORTS as readonly string[]).find((s) => s === value) ?? 'newest';

/** `/c/{slug}`: a category's products, its sub-categories, sorted as the shopper chooses. */
export function CategoryPage({ slug }: { slug: string }) {
  const { t } = useShop();
  const { location } = useRouter();
  const categories = useCategories();
  const all = categories.data?.items ?? [];
  const category = all.find((c) => c.slug === slug);
  const subs = category ? all.filter((c) => c.parentId === category.id) : [];
  const parent = category?.parentId ? all.find((c) => c.id === category.parentId) : undefined;
  return (
    <section className="section">
      <nav className="crumbs" aria-label={t('categories')}>
        <Link to="/">{t('home')}</Link>
        {parent && <Link to={`/c/${parent.slug}`}>{parent.name}</Link>}
      </nav>
      <h1 className="page-title">{category?.name ?? (categories.loading ? '…' : slug)}</h1>
      {category?.description && <p className="muted">{category.description}</p>}
      {subs.length > 0 && (
        <div className="chips">
          {subs.map((c) => (
            <Link key={c.id} to={`/c/${c.slug}`} className="chip">
              {c.name}
            </Link>
          ))}
        </div>
      )}
      <SortChips />
      <ProductList query={{ category: slug, sort: sortOf(location.search.get('sort')) }} />
    </section>
  );
}

/** `/search?q=`: the products matching the shopper's words. */
export function SearchPage() {
  const { t } = useShop();
  const { location } = useRouter();
  const q = (location.search.get('q') ?? '').trim();
  if (!q) return <Empty>{t('searchPrompt')}</Empty>;
  return (
    <section className="section">
      <h1 className="page-title">{t('searchResults', { q })}</h1>
      <SortChips />
      <ProductList query={{ q, sort: sortOf(location.search.get('sort')) }} />
    </section>
  );
}
