import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { queryString } from './api.ts';
import { money } from './format.ts';
import { Link } from './router.tsx';
import { errorText, useQuery, useShop } from './shop.tsx';
import type { Page, Product } from './types.ts';

/** The small pieces the pages are made of. */

export function Price({
  amount,
  currency,
  compareAt,
  className = 'price',
}: {
  amount: string;
  currency: string;
  compareAt?: string | null;
  className?: string;
}) {
  return (
    <span className={className}>
      <span className="now">{money(amount, currency)}</span>
      {compareAt && compareAt !== amount && <s className="was">{money(compareAt, currency)}</s>}
    </span>
  );
}

export function Rating({ rating, count }: { rating: number | null; count: number }) {
  const { t } = useShop();
  if (rating === null || count === 0) return null;
  const shown = (Math.round(rating * 10) / 10).toString();
  return (
    <span className="rating" title={t('reviewCount', { n: count })}>
      <span aria-hidden="true">★</span> {shown} <span className="muted">({count})</span>
    </span>
  );
}

export function Img({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  if (!src) return <div className={`img ph ${className ?? ''}`} role="img" aria-label={alt} />;
  return <img className={`img ${className ?? ''}`} src={src} alt={alt} loading="lazy" decoding="async" />;
}

export function Empty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty">
      <p>{children}</p>
      {action}
    </div>
  );
}

export function ErrorBox({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useShop();
  return (
    <div className="alert" role="alert">
      <span>{errorText(error, t)}</span>
      {retry && (
        <button type="button" className="btn link" onClick={retry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

export function Skeleton({ lines = 3 }: { lines?: number }) {
  const { t } = useShop();
  return (
    <div className="skeleton-block" role="status" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="sk sk-line" />
      ))}
    </div>
  );
}

export function ProductCard({ product }: { product: Product }) {
  const { t } = useShop();
  return (
    <Link to={`/p/${product.slug}`} className="card" data-testid="product-card">
      <div className="card-img">
        <Img src={product.imageUrl} alt={product.title} />
        {!product.inStock && <span className="badge-out">{t('outOfStock')}</span>}
      </div>
      <div className="card-body">
        <span className="card-title">{product.title}</span>
        <Price amount={product.price} currency={product.currency} compareAt={product.compareAtPrice} />
        <Rating rating={product.rating} count={product.reviewCount} />
      </div>
    </Link>
  );
}

export function GridSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useShop();
  return (
    <div className="grid" role="status" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="card">
          <div className="card-img sk" />
          <div className="card-body">
            <div className="sk sk-line" />
            <div className="sk sk-line short" />
          </div>
        </div>
      ))}
    </div>
  );
}

const PAGE = 12;

export interface ProductQuery {
  category?: string;
  q?: string;
  sort?: string;
  homepage?: boolean;
}

/** A grid of the site's products matching `query`, in the shopper's currency and language, a page at a time. */
export function ProductList({
  query,
  title,
  empty,
  max,
  hideWhenEmpty,
}: {
  query: ProductQuery;
  title?: string;
  empty?: ReactNode;
  /** Only this many, without "load more". */
  max?: number;
  hideWhenEmpty?: boolean;
}) {
  const { api, t, currency, lang } = useShop();
  const full = { ...query, homepage: query.homepage ? 'true' : undefined, currency, language: lang };
  const first = useQuery<Page<Product>>('/products', { ...full, skipCount: 0, maxResultCount: max ?? PAGE });
  const key = `${lang}|${queryString(full)}`;
  const [extra, setExtra] = useState<{ key: string; items: Product[] }>({ key: '', items: [] });
  const [more, setMore] = useState<{ busy: boolean; error?: unknown }>({ busy: false });

  const heading = title ? <h2 className="section-title">{title}</h2> : null;
  if (first.error)
    return (
      <>
        {heading}
        <ErrorBox error={first.error} retry={first.reload} />
      </>
    );
  if (!first.data)
    return (
      <>
        {heading}
        <GridSkeleton count={max && max < 8 ? max : 8} />
      </>
    );
  const items = [...first.data.items, ...(extra.key === key ? extra.items : [])];
  if (items.length === 0)
    return hideWhenEmpty ? null : (
      <>
        {heading}
        {empty ?? <Empty>{t('noProducts')}</Empty>}
      </>
    );

  const loadMore = async () => {
    setMore({ busy: true });
    try {
      const page = await api.get<Page<Product>>(
        `/products${queryString({ ...full, skipCount: items.length, maxResultCount: PAGE })}`,
      );
      setExtra((prev) => ({ key, items: [...(prev.key === key ? prev.items : []), ...page.items] }));
      setMore({ busy: false });
    } catch (error) {
      setMore({ busy: false, error });
    }
  };

  return (
    <>
      {heading}
      <div className="grid">
        {items.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
      {more.error !== undefined && <ErrorBox error={more.error} />}
      {!max && items.length < first.data.totalCount && (
        <div className="center">
          <button type="button" className="btn" disabled={more.busy} onClick={() => void loadMore()}>
            {more.busy ? t('loading') : t('loadMore')}
          </button>
        </div>
      )}
    </>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  multiline?: boolean;
};

/** A labelled input with its hint and the server's message for it. */
export function Field({ label, value, onChange, error, hint, multiline, className, ...rest }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className={`field ${error ? 'has-error' : ''} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          {...common}
          rows={4}
          required={rest.required}
          maxLength={rest.maxLength}
          name={rest.name}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input {...rest} {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's message for the fields it refused that no input shows, and its general message. */
export function FormError({ error, shown }: { error: unknown; shown: string[] }) {
  const { t } = useShop();
  if (!error) return null;
  const fields = error instanceof Object && 'fields' in error ? (error.fields as Record<string, string>) : {};
  const others = Object.entries(fields)
    .filter(([name]) => !shown.includes(name))
    .map(([, message]) => message);
  return (
    <div className="alert" role="alert">
      <span>{errorText(error, t)}</span>
      {others.map((m) => (
        <span key={m} className="block">
          {m}
        </span>
      ))}
    </div>
  );
}

/** A page's GET while it loads or fails: the skeleton or the error, else nothing. */
export function Pending({ loading, error, retry }: { loading: boolean; error: unknown; retry?: () => void }) {
  if (error) return <ErrorBox error={error} retry={retry} />;
  if (loading) return <Skeleton />;
  return null;
}
