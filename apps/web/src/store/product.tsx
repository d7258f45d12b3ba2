import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from './api.ts';
import { date } from './format.ts';
import { Link, useRouter } from './router.tsx';
import { useQuery, useShop } from './shop.tsx';
import type { Page, ProductDetail, Review, Variant } from './types.ts';
import { Empty, ErrorBox, Field, FormError, Img, Pending, Price, Rating } from './ui.tsx';

/** `/p/{slug}`: a product, its options and stock, add to cart, its reviews and the review form. */
export function ProductPage({ slug }: { slug: string }) {
  const { t, currency, lang } = useShop();
  const { location } = useRouter();
  const product = useQuery<ProductDetail>(`/products/${encodeURIComponent(slug)}`, { currency, language: lang });
  const loaded = product.data !== undefined;

  useEffect(() => {
    if (loaded && location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView?.();
  }, [loaded, location.hash]);

  if (product.error?.status === 404)
    return (
      <Empty
        action={
          <Link to="/" className="btn">
            {t('backHome')}
          </Link>
        }
      >
        {t('productNotFound')}
      </Empty>
    );
  if (!product.data)
    return product.error ? (
      <ErrorBox error={product.error} retry={product.reload} />
    ) : (
      <div className="product" role="status" aria-busy="true" aria-label={t('loading')}>
        <div className="gallery sk sk-square" />
        <div className="buy">
          <div className="sk sk-line" />
          <div className="sk sk-line short" />
          <div className="sk sk-button" />
        </div>
      </div>
    );
  return <ProductView product={product.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t, addToCart } = useShop();
  const [variantId, setVariantId] = useState(
    () => (product.variants.find((v) => v.available > 0) ?? product.variants[0])?.variantId,
  );
  const variant: Variant | undefined = product.variants.find((v) => v.variantId === variantId);
  const images = [...new Set([variant?.imageUrl, ...product.images, product.imageUrl].filter(Boolean))] as string[];
  const [image, setImage] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState<{ busy: boolean; done?: boolean; error?: unknown }>({ busy: false });
  const available = variant?.available ?? 0;
  const max = Math.max(1, Math.min(available, 999));

  const choose = (v: Variant) => {
    setVariantId(v.variantId);
    setImage(0);
    setQuantity((q) => Math.min(q, Math.max(1, v.available)));
    setAdding({ busy: false });
  };

  const add = async () => {
    if (!variant) return;
    setAdding({ busy: true });
    try {
      await addToCart(variant.variantId, quantity);
      setAdding({ busy: false, done: true });
    } catch (error) {
      setAdding({ busy: false, error });
    }
  };

  return (
    <>
      <nav className="crumbs" aria-label={t('categories')}>
        <Link to="/">{t('home')}</Link>
        {product.categories.map((c) => (
          <Link key={c.slug} to={`/c/${c.slug}`}>
            {c.name}
          </Link>
        ))}
      </nav>
      <div className="product">
        <div className="gallery">
          <Img src={images[image] ?? images[0]} alt={product.title} className="main-img" />
          {images.length > 1 && (
            <div className="thumbs">
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  aria-label={`${product.title} ${i + 1}`}
                  aria-pressed={i === image}
                  onClick={() => setImage(i)}
                >
                  <img src={src} alt="" loading="lazy" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="buy">
          <h1 className="product-title">{product.title}</h1>
          <Rating rating={product.rating} count={product.reviewCount} />
          <Price
            amount={variant?.price ?? product.price}
            currency={product.currency}
            compareAt={variant ? variant.compareAtPrice : product.compareAtPrice}
            className="price big"
          />
          {product.variants.length > 1 && (
            <fieldset className="variants">
              <legend className="sr-only">{t('options')}</legend>
              {product.variants.map((v) => (
                <button
                  key={v.variantId}
                  type="button"
                  className={`chip ${v.available > 0 ? '' : 'sold-out'}`}
                  aria-pressed={v.variantId === variantId}
                  onClick={() => choose(v)}
                >
                  {v.label || v.sku}
                </button>
              ))}
            </fieldset>
          )}
          <p className={available > 0 ? 'stock muted' : 'stock out'} data-testid="stock">
            {available > 0 ? t('inStockCount', { n: available }) : t('outOfStock')}
          </p>
          <div className="buy-row">
            <div className="stepper">
              <button
                type="button"
                aria-label={t('decrease')}
                disabled={quantity <= 1}
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              >
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                aria-label={t('quantity')}
                min={1}
                max={max}
                value={quantity}
                onChange={(e) => {
                  const n = Math.trunc(Number(e.target.value));
                  setQuantity(Number.isFinite(n) ? Math.min(Math.max(1, n), max) : 1);
                }}
              />
              <button
                type="button"
                aria-label={t('increase')}
                disabled={quantity >= max}
                onClick={() => setQuantity((q) => Math.min(max, q + 1))}
              >
                +
              </button>
            </div>
            <button
              type="button"
              className="btn primary grow"
              data-testid="add-to-cart"
              disabled={!variant || available <= 0 || adding.busy}
              aria-busy={adding.busy || undefined}
              onClick={() => void add()}
            >
              {t('addToCart')}
            </button>
          </div>
          {adding.done && (
            <p className="notice" role="status">
              {t('added')} · <Link to="/cart">{t('viewCart')}</Link>
            </p>
          )}
          {adding.error !== undefined && <ErrorBox error={adding.error} />}
        </div>
      </div>
      {product.description && (
        <section className="section">
          <h2 className="section-title">{t('description')}</h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes descriptions when saved and when served */}
          <div className="rich" dangerouslySetInnerHTML={{ __html: product.description }} />
        </section>
      )}
      <Reviews product={product} />
    </>
  );
}

const REVIEWS_PAGE = 10;

function Reviews({ product }: { product: ProductDetail }) {
  const { t, api, lang, site, shopperToken } = useShop();
  const path = `/products/${encodeURIComponent(product.slug)}/reviews`;
  const first = useQuery<Page<Review>>(path, { skipCount: 0, maxResultCount: REVIEWS_PAGE });
  const [more, setMore] = useState<Review[]>([]);
  const [mine, setMine] = useState<Review[]>([]);
  const [busy, setBusy] = useState(false);
  const [moreError, setMoreError] = useState<unknown>();
  const items = [...mine, ...(first.data?.items ?? []), ...more].filter(
    (r, i, all) => all.findIndex((x) => x.id === r.id) === i,
  );

  const loadMore = async () => {
    setBusy(true);
    setMoreError(undefined);
    try {
      const page = await api.get<Page<Review>>(
        `${path}?skipCount=${(first.data?.items.length ?? 0) + more.length}&maxResultCount=${REVIEWS_PAGE}`,
      );
      setMore((m) => [...m, ...page.items]);
    } catch (error) {
      setMoreError(error);
    }
    setBusy(false);
  };

  return (
    <section className="section" id="reviews">
      <h2 className="section-title">
        {t('reviews')} {product.reviewCount > 0 && <span className="muted">({product.reviewCount})</span>}
      </h2>
      {first.data && items.length === 0 && <p className="muted">{t('noReviews')}</p>}
      {!first.data && <Pending loading={first.loading} error={first.error} retry={first.reload} />}
      <ul className="reviews">
        {items.map((r) => (
          <li key={r.id} className="review" data-testid="review-item">
            <div className="review-head">
              <span className="stars" role="img" aria-label={t('stars', { n: r.rating })}>
                {'★'.repeat(r.rating)}
                <span className="dim">{'★'.repeat(Math.max(0, 5 - r.rating))}</span>
              </span>
              <strong>{r.shopperName}</strong>
              {r.verifiedPurchase && <span className="tag">{t('verifiedPurchase')}</span>}
            </div>
            {r.title && <p className="review-title">{r.title}</p>}
            <p>{r.text}</p>
            <p className="muted small">{date(r.creationTime, lang, site.timeZone)}</p>
            {r.reply && (
              <p className="reply">
                <strong>{t('sellerReply')}：</strong>
                {r.reply}
              </p>
            )}
          </li>
        ))}
      </ul>
      {moreError !== undefined && <ErrorBox error={moreError} />}
      {first.data && items.length - mine.length < first.data.totalCount && (
        <div className="center">
          <button type="button" className="btn" disabled={busy} onClick={() => void loadMore()}>
            {t('loadMore')}
          </button>
        </div>
      )}
      {product.allowReviews &&
        (shopperToken ? (
          <ReviewForm
            slug={product.slug}
            onPublished={(review) => setMine((m) => (review.status === 'PENDING' ? m : [review, ...m]))}
          />
        ) : (
          <p id="review">
            <Link to={`/account?next=${encodeURIComponent(`/p/${product.slug}#review`)}`}>{t('signInToReview')}</Link>
          </p>
        ))}
    </section>
  );
}

function ReviewForm({ slug, onPublished }: { slug: string; onPublished: (review: Review) => void }) {
  const { t, api } = useShop();
  const [rating, setRating] = useState(5);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: unknown; done?: Review }>({ busy: false });
  const fields = state.error instanceof ApiError ? state.error.fields : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true });
    try {
      const review = await api.post<Review>(`/products/${encodeURIComponent(slug)}/reviews`, {
        rating,
        title: title.trim() || null,
        text,
      });
      setState({ busy: false, done: review });
      setTitle('');
      setText('');
      onPublished(review);
    } catch (error) {
      setState({ busy: false, error });
    }
  };

  return (
    <form id="review" className="card-form" data-testid="review-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t('writeReview')}</h3>
      <fieldset className="rating-input">
        <legend>{t('rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? 'on' : ''}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
              aria-label={t('stars', { n })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        {fields.rating && <p className="field-error">{fields.rating}</p>}
      </fieldset>
      <Field label={t('reviewTitle')} value={title} onChange={setTitle} maxLength={128} error={fields.title} />
      <Field label={t('reviewText')} value={text} onChange={setText} multiline maxLength={2000} error={fields.text} />
      <FormError error={state.error} shown={['rating', 'title', 'text']} />
      {state.done && (
        <p className="notice" role="status">
          {state.done.status === 'PENDING' ? t('reviewPending') : t('reviewPublished')}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={state.busy}>
        {t('submitReview')}
      </button>
    </form>
  );
}
