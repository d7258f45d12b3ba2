import { useState } from 'react';
import { money } from './format.ts';
import { Link, useRouter } from './router.tsx';
import { useShop } from './shop.tsx';
import type { Cart, CartLine } from './types.ts';
import { Empty, ErrorBox, Img, Skeleton } from './ui.tsx';

export function EmptyCart() {
  const { t } = useShop();
  return (
    <Empty
      action={
        <Link to="/" className="btn primary">
          {t('goShopping')}
        </Link>
      }
    >
      {t('emptyCart')}
    </Empty>
  );
}

/** `/cart`: the lines, their quantities, the totals (the server's), and the way to checkout. */
export function CartPage() {
  const { t, cart, cartLoading, currency, api, changeCart } = useShop();
  const { navigate } = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();

  if (cartLoading) return <Skeleton />;
  if (!cart || cart.lines.length === 0)
    return (
      <>
        {error !== undefined && <ErrorBox error={error} />}
        <EmptyCart />
      </>
    );

  const change = async (line: CartLine, call: (token: string) => Promise<Cart>) => {
    setBusy(line.id);
    setError(undefined);
    try {
      await changeCart(call);
    } catch (e) {
      setError(e);
    }
    setBusy(null);
  };
  const lineUrl = (token: string, line: CartLine) =>
    `/carts/${encodeURIComponent(token)}/lines/${encodeURIComponent(line.id)}`;
  const setQuantity = (line: CartLine, quantity: number) =>
    change(line, (token) => api.patch<Cart>(lineUrl(token, line), { quantity }));
  const remove = (line: CartLine) => change(line, (token) => api.delete<Cart>(lineUrl(token, line)));

  return (
    <section className="section">
      <h1 className="page-title">{t('cart')}</h1>
      {cart.currency !== currency && <p className="notice">{t('cartCurrency', { code: cart.currency })}</p>}
      {error !== undefined && <ErrorBox error={error} />}
      <ul className="lines">
        {cart.lines.map((line) => (
          <li key={line.id} className="line" data-testid="cart-line" aria-busy={busy === line.id || undefined}>
            <Link to={`/p/${line.slug}`} className="line-img">
              <Img src={line.imageUrl} alt={line.title} />
            </Link>
            <div className="line-body">
              <Link to={`/p/${line.slug}`} className="line-title">
                {line.title}
              </Link>
              {line.label && <span className="muted small">{line.label}</span>}
              <span className="muted small">
                {money(line.unitPrice, cart.currency)} {t('each')}
              </span>
              <div className="line-actions">
                <div className="stepper small">
                  <button
                    type="button"
                    aria-label={`${t('decrease')} ${line.title}`}
                    disabled={busy !== null || line.quantity <= 1}
                    onClick={() => void setQuantity(line, line.quantity - 1)}
                  >
                    −
                  </button>
                  <span className="qty">
                    <span className="sr-only">{t('quantity')} </span>
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    aria-label={`${t('increase')} ${line.title}`}
                    disabled={busy !== null || line.quantity >= 999}
                    onClick={() => void setQuantity(line, line.quantity + 1)}
                  >
                    +
                  </button>
                </div>
                <button
                  type="button"
                  className="btn link"
                  aria-label={`${t('remove')} ${line.title}`}
                  disabled={busy !== null}
                  onClick={() => void remove(line)}
                >
                  {t('remove')}
                </button>
              </div>
            </div>
            <strong className="line-amount">{money(line.amount, cart.currency)}</strong>
          </li>
        ))}
      </ul>
      <div className="summary sticky-bottom">
        <dl className="totals">
          <dt>{t('subtotal')}</dt>
          <dd>{money(cart.subtotal, cart.currency)}</dd>
          {cart.shipping && (
            <>
              <dt>{t('shipping')}</dt>
              <dd>{money(cart.shipping.fee, cart.shipping.currency)}</dd>
            </>
          )}
          <dt className="total">{t('total')}</dt>
          <dd className="total" data-testid="cart-total">
            {money(cart.total, cart.currency)}
          </dd>
        </dl>
        <button type="button" className="btn primary block" onClick={() => navigate('/checkout')}>
          {t('checkout')}
        </button>
      </div>
    </section>
  );
}
