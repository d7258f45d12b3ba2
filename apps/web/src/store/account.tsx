import { type FormEvent, useState } from 'react';
import { ApiError } from './api.ts';
import { date, money } from './format.ts';
import { textOr } from './i18n.ts';
import { Link, useRouter } from './router.tsx';
import { useQuery, useShop } from './shop.tsx';
import type { Items, Order, ShopperToken } from './types.ts';
import { Empty, Field, FormError, Pending } from './ui.tsx';

/** Orders whose products the shopper has received, and may review. */
const REVIEWABLE = new Set(['Shipped', 'Delivered', 'Completed']);
const SHIPPED = new Set(['Shipped', 'PartiallyShipped', 'Delivered', 'Completed']);

/** `/account`: sign in or register; signed in, the shopper and their orders. */
export function AccountPage() {
  const { shopperToken } = useShop();
  return shopperToken ? <MyAccount /> : <SignIn />;
}

function SignIn() {
  const { t, api, signedIn } = useShop();
  const { location, navigate } = useRouter();
  const [mode, setMode] = useState<'signin' | 'register'>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const fields = state.error instanceof ApiError ? state.error.fields : {};
  const registering = mode === 'register';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true });
    try {
      const answer = registering
        ? await api.post<ShopperToken>('/customers', {
            email: email.trim(),
            password,
            name: name.trim(),
            phone: phone.trim() || null,
          })
        : await api.post<ShopperToken>('/auth/token', { email: email.trim(), password });
      signedIn(answer.token);
      const next = location.search.get('next');
      if (next?.startsWith('/') && !next.startsWith('//')) navigate(next, { replace: true });
    } catch (error) {
      setState({ busy: false, error });
    }
  };

  const switchTo = (next: 'signin' | 'register') => {
    setMode(next);
    setState({ busy: false });
  };

  return (
    <section className="narrow">
      <form className="panel" onSubmit={(e) => void submit(e)} noValidate data-testid={`${mode}-form`}>
        <h1 className="page-title">{registering ? t('registerTitle') : t('signInTitle')}</h1>
        <Field
          label={t('email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          error={fields.email}
        />
        <Field
          label={t('password')}
          type="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          required
          value={password}
          onChange={setPassword}
          error={fields.password}
          hint={registering ? t('passwordHint') : undefined}
        />
        {registering && (
          <>
            <Field label={t('name')} autoComplete="name" required value={name} onChange={setName} error={fields.name} />
            <Field
              label={t('phoneOptional')}
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={setPhone}
              error={fields.phone}
            />
          </>
        )}
        <FormError error={state.error} shown={['email', 'password', 'name', 'phone']} />
        <button type="submit" className="btn primary block" disabled={state.busy}>
          {registering ? t('register') : t('signIn')}
        </button>
        <button type="button" className="btn link block" onClick={() => switchTo(registering ? 'signin' : 'register')}>
          {registering ? t('toSignIn') : t('toRegister')}
        </button>
      </form>
    </section>
  );
}

function MyAccount() {
  const { t, customer, signOut } = useShop();
  const orders = useQuery<Items<Order>>('/customers/me/orders');
  const [leaving, setLeaving] = useState(false);
  return (
    <section className="section">
      <div className="panel-head">
        <div>
          <h1 className="page-title">{customer ? t('hello', { name: customer.name }) : t('account')}</h1>
          {customer && <p className="muted">{customer.email}</p>}
        </div>
        <button
          type="button"
          className="btn"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          {t('signOut')}
        </button>
      </div>
      <h2 className="section-title">{t('myOrders')}</h2>
      {!orders.data ? (
        <Pending loading={orders.loading} error={orders.error} retry={orders.reload} />
      ) : orders.data.items.length === 0 ? (
        <Empty
          action={
            <Link to="/" className="btn primary">
              {t('goShopping')}
            </Link>
          }
        >
          {t('noOrders')}
        </Empty>
      ) : (
        <ul className="orders">
          {orders.data.items.map((o) => (
            <li key={o.orderNo}>
              <OrderCard order={o} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function OrderCard({ order }: { order: Order }) {
  const { t, lang, site } = useShop();
  const reviewable = REVIEWABLE.has(order.status);
  return (
    <article className="order panel" data-testid="order-row">
      <div className="order-head">
        <div>
          <strong>
            {t('orderNo')} {order.orderNo}
          </strong>
          <p className="muted small">
            {t('orderedAt')} {date(order.orderedAt, lang, site.timeZone)}
          </p>
        </div>
        <span className={`status status-${order.status.toLowerCase()}`} data-testid="order-status">
          {textOr(t, 'status.', order.status)}
        </span>
      </div>
      <ul className="mini-lines">
        {order.lines.map((l) => (
          <li key={`${l.sku}|${l.name}`}>
            <span>
              {l.slug ? <Link to={`/p/${l.slug}`}>{l.name}</Link> : l.name} × {l.quantity}
              {reviewable && l.slug && (
                <>
                  {' '}
                  <Link to={`/p/${l.slug}#review`} className="small">
                    {t('writeReview')}
                  </Link>
                </>
              )}
            </span>
            <span>{money(l.amount, order.currency)}</span>
          </li>
        ))}
      </ul>
      {order.trackingNo && SHIPPED.has(order.status) && (
        <p className="small" data-testid="tracking-no">
          {t('trackingNo')}: {order.trackingNo}
        </p>
      )}
      <dl className="totals">
        <dt>{t('shipping')}</dt>
        <dd>{money(order.shippingFee, order.currency)}</dd>
        <dt className="total">{t('total')}</dt>
        <dd className="total">{money(order.total, order.currency)}</dd>
      </dl>
      {order.paymentType && <p className="muted small">{textOr(t, 'pay.', order.paymentType)}</p>}
    </article>
  );
}

/** `/orders/{orderNo}`: the order just placed, or one of the signed-in shopper's. */
export function OrderPage({ orderNo }: { orderNo: string }) {
  const { t, lastOrder, shopperToken } = useShop();
  const justPlaced = lastOrder?.orderNo === orderNo ? lastOrder : null;
  const orders = useQuery<Items<Order>>(justPlaced || !shopperToken ? null : '/customers/me/orders');
  const order = justPlaced ?? orders.data?.items.find((o) => o.orderNo === orderNo);
  const back = (
    <Link to="/" className="btn primary">
      {t('continueShopping')}
    </Link>
  );

  if (!order) {
    if (shopperToken && !orders.data) return <Pending loading={orders.loading} error={orders.error} />;
    return (
      <Empty
        action={
          <Link to="/account" className="btn">
            {t('myOrders')}
          </Link>
        }
      >
        {t('orderNotFound')}
      </Empty>
    );
  }
  return (
    <section className="narrow">
      {justPlaced && (
        <div className="confirm" role="status">
          <h1 className="page-title">{t('orderPlaced')}</h1>
          <p>
            {t('orderNo')}: <strong data-testid="order-no">{order.orderNo}</strong>
          </p>
          <p className="muted">{t('orderThanks')}</p>
        </div>
      )}
      <OrderCard order={order} />
      <div className="center">{back}</div>
    </section>
  );
}
