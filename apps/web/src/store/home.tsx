import { date } from './format.ts';
import { Link } from './router.tsx';
import { useQuery, useShop } from './shop.tsx';
import type { ArticleDetail, Banner, Category, Items } from './types.ts';
import { Empty, Pending, ProductList } from './ui.tsx';

/** The home page: the carousel, the side banners, the top categories, featured and new products. */
export function HomePage() {
  const { t } = useShop();
  return (
    <>
      <Carousel />
      <SideBanners />
      <TopCategories />
      <section className="section">
        <ProductList title={t('featured')} query={{ homepage: true }} max={8} hideWhenEmpty />
      </section>
      <section className="section">
        <ProductList title={t('newArrivals')} query={{ sort: 'newest' }} />
      </section>
    </>
  );
}

function BannerLink({ banner, className }: { banner: Banner; className: string }) {
  const image = (
    <picture>
      {banner.mobileImageUrl && <source media="(max-width: 719px)" srcSet={banner.mobileImageUrl} />}
      <img src={banner.imageUrl} alt={banner.altText || banner.title} />
    </picture>
  );
  const words = (
    <span className="banner-words">
      <strong>{banner.title}</strong>
      {banner.subtitle && <span>{banner.subtitle}</span>}
    </span>
  );
  return banner.link ? (
    <a className={className} href={banner.link}>
      {image}
      {words}
    </a>
  ) : (
    <div className={className}>
      {image}
      {words}
    </div>
  );
}

function Carousel() {
  const banners = useQuery<Items<Banner>>('/banners', { position: 'HOME_CAROUSEL' });
  if (banners.loading) return <div className="sk sk-banner" />;
  const items = banners.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="carousel" data-testid="carousel">
      {items.map((b) => (
        <BannerLink key={`${b.title}|${b.imageUrl}`} banner={b} className="slide" />
      ))}
    </section>
  );
}

function SideBanners() {
  const banners = useQuery<Items<Banner>>('/banners', { position: 'HOME_SIDE' });
  const items = banners.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="side-banners">
      {items.map((b) => (
        <BannerLink key={`${b.title}|${b.imageUrl}`} banner={b} className="side" />
      ))}
    </section>
  );
}

function TopCategories() {
  const { t } = useShop();
  const categories = useQuery<Items<Category>>('/categories');
  const top = (categories.data?.items ?? []).filter((c) => !c.parentId);
  if (top.length === 0) return null;
  return (
    <nav className="chips" aria-label={t('categories')}>
      {top.map((c) => (
        <Link key={c.id} to={`/c/${c.slug}`} className="chip">
          {c.name}
        </Link>
      ))}
    </nav>
  );
}

export function ArticlePage({ slug }: { slug: string }) {
  const { t, lang, site } = useShop();
  const article = useQuery<ArticleDetail>(`/articles/${encodeURIComponent(slug)}`);
  if (article.error?.status === 404)
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
  if (!article.data) return <Pending loading={article.loading} error={article.error} retry={article.reload} />;
  const a = article.data;
  return (
    <article className="article">
      <h1>{a.title}</h1>
      <p className="muted">{date(a.publishedAt, lang, site.timeZone)}</p>
      {a.coverImageUrl && <img className="cover" src={a.coverImageUrl} alt="" />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes articles when saved and when served */}
      <div className="rich" dangerouslySetInnerHTML={{ __html: a.content }} />
    </article>
  );
}
