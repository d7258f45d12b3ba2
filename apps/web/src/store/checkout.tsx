import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError } from './api.ts';
import { EmptyCart } from './cart.tsx';
import { money } from './format.ts';
import { type TextKey, type Translate, textOr } from './i18n.ts';
import { useRouter } from './router.tsx';
import { useShop } from './shop.tsx';
import type { Cart, CartAddress, Items, Lang, Order, ShippingOption } from './types.ts';
import { ErrorBox, Field, FormError, Skeleton } from './ui.tsx';

/** The countries the address form offers, with their names. */
const COUNTRIES: [code: string, zh: string, en: string][] = [
  ['CN', '中国', 'China'],
  ['HK', '中国香港', 'Hong Kong'],
  ['TW', '中国台湾', 'Taiwan'],
  ['SG', '新加坡', 'Singapore'],
  ['MY', '马来西亚', 'Malaysia'],
  ['TH', '泰国', 'Thailand'],
  ['PH', '菲律宾', 'Philippines'],
  ['VN', '越南', 'Vietnam'],
  ['ID', '印度尼西亚', 'Indonesia'],
  ['JP', '日本', 'Japan'],
  ['KR', '韩国', 'South Korea'],
  ['AU', '澳大利亚', 'Australia'],
  ['US', '美国', 'United States'],
  ['CA', '加拿大', 'Canada'],
  ['GB', '英国', 'United Kingdom'],
  ['DE', '德国', 'Germany'],
  ['FR', '法国', 'France'],
];

/** The country a currency suggests, before the shopper picks one. */
const COUNTRY_OF_CURRENCY: Record<string, string> = {
  CNY: 'CN',
  HKD: 'HK',
  TWD: 'TW',
  SGD: 'SG',
  MYR: 'MY',
  THB: 'TH',
  PHP: 'PH',
  VND: 'VN',
  IDR: 'ID',
  JPY: 'JP',
  KRW: 'KR',
  AUD: 'AU',
  USD: 'US',
  CAD: 'CA',
  GBP: 'GB',
  EUR: 'DE',
};

type AddressForm = Record<keyof CartAddress, string>;

const ADDRESS_FIELDS: { name: keyof CartAddress; label: TextKey }[] = [
  { name: 'name', label: 'fullName' },
  { name: 'phone', label: 'phone' },
  { name: 'line1', label: 'line1' },
  { name: 'line2', label: 'line2' },
  { name: 'city', label: 'city' },
  { name: 'state', label: 'state' },
  { name: 'postCode', label: 'postCode' },
];
const REQUIRED = new Set<keyof CartAddress>(['name', 'phone', 'line1', 'city']);
const AUTOCOMPLETE: Record<keyof CartAddress, string> = {
  name: 'name',
  phone: 'tel',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postCode: 'postal-code',
  countryCode: 'country',
};

const days = (o: ShippingOption, t: Translate) => {
  if (o.minDays === null && o.maxDays === null) return '';
  if (o.minDays === null || o.maxDays === null || o.minDays === o.maxDays)
    return t('daysOne', { n: (o.maxDays ?? o.minDays) as number });
  return t('days', { min: o.minDays, max: o.maxDays });
};

const countryName = (code: string, lang: Lang) => {
  const c = COUNTRIES.find(([k]) => k === code);
  return c ? (lang === 'en' ? c[2] : c[1]) : code;
};

/** `/checkout`: contact, address, delivery, payment, then the order (no payment is taken here). */
export function CheckoutPage() {
  const { cart, cartLoading } = useShop();
  if (cartLoading) return <Skeleton />;
  if (!cart || cart.lines.length === 0) return <EmptyCart />;
  return <CheckoutForm key={cart.token} cart={cart} />;
}

function CheckoutForm({ cart }: { cart: Cart }) {
  const { t, lang, api, site, customer, changeCart, forgetCart, orderPlaced } = useShop();
  const { navigate } = useRouter();
  const [email, setEmail] = useState(() => cart.email ?? customer?.email ?? '');
  const [address, setAddress] = useState<AddressForm>(() => {
    const a = cart.address;
    return {
      name: a?.name ?? customer?.name ?? '',
      phone: a?.phone ?? customer?.phone ?? '',
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      state: a?.state ?? '',
      postCode: a?.postCode ?? '',
      countryCode: a?.countryCode ?? COUNTRY_OF_CURRENCY[cart.currency] ?? (lang === 'en' ? 'US' : 'CN'),
    };
  });
  const [saved, setSaved] = useState(() => !!cart.address && !!cart.email);
  const [options, setOptions] = useState<ShippingOption[] | null>(null);
  const [paymentType, setPaymentType] = useState(site.paymentTypes[0] ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'address' | 'options' | 'shipping' | 'order' | null>(null);
  const [errors, setErrors] = useState<{ address?: unknown; shipping?: unknown; order?: unknown }>({});

  // a shopper signing in meanwhile: their e-mail and name, where the form has none
  useEffect(() => {
    if (!customer) return;
    setEmail((e) => e || customer.email);
    setAddress((a) => ({ ...a, name: a.name || customer.name, phone: a.phone || customer.phone || '' }));
  }, [customer]);

  const token = cart.token;
  const loadOptions = useCallback(async () => {
    setBusy('options');
    try {
      const found = await api.get<Items<ShippingOption>>(`/carts/${encodeURIComponent(token)}/shipping-options`);
      setOptions(found.items);
    } catch (error) {
      setErrors((e) => ({ ...e, shipping: error }));
    }
    setBusy(null);
  }, [api, token]);

  // an address saved before (a visit earlier): its delivery options at once
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (saved && !asked) {
      setAsked(true);
      void loadOptions();
    }
  }, [saved, asked, loadOptions]);

  const addressFields = fieldsOf(errors.address);

  const saveAddress = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('address');
    setErrors({});
    const blankToNull = (v: string) => v.trim() || null;
    try {
      await changeCart((tk) =>
        api.put<Cart>(`/carts/${encodeURIComponent(tk)}/address`, {
          email: email.trim(),
          address: {
            name: address.name.trim(),
            phone: address.phone.trim(),
            line1: address.line1.trim(),
            line2: blankToNull(address.line2),
            city: address.city.trim(),
            state: blankToNull(address.state),
            postCode: blankToNull(address.postCode),
            countryCode: address.countryCode,
          },
        }),
      );
      setSaved(true);
      setAsked(true);
      setBusy(null);
      await loadOptions();
    } catch (error) {
      setErrors({ address: error });
      setBusy(null);
    }
  };

  const chooseShipping = async (channelId: string) => {
    setBusy('shipping');
    setErrors((e) => ({ ...e, shipping: undefined }));
    try {
      await changeCart((tk) => api.put<Cart>(`/carts/${encodeURIComponent(tk)}/shipping`, { channelId }));
    } catch (error) {
      setErrors((e) => ({ ...e, shipping: error }));
    }
    setBusy(null);
  };

  const placeOrder = async () => {
    setBusy('order');
    setErrors((e) => ({ ...e, order: undefined }));
    try {
      const order = await api.post<Order>(`/carts/${encodeURIComponent(cart.token)}/complete`, {
        paymentType,
        note: note.trim() || null,
      });
      orderPlaced(order);
      navigate(`/orders/${encodeURIComponent(order.orderNo)}`);
    } catch (error) {
      // a cart gone meanwhile (expired, or completed in another tab): forgotten, a new one made on the next add
      if (error instanceof ApiError && error.status === 404) forgetCart();
      setErrors((e) => ({ ...e, order: error }));
      setBusy(null);
    }
  };

  const chosen = saved && cart.shipping ? cart.shipping.channelId : null;
  const ready = saved && !!chosen && !!paymentType;
  const orderFields = fieldsOf(errors.order);

  return (
    <div className="checkout">
      <h1 className="page-title">{t('checkoutTitle')}</h1>

      {saved ? (
        <section className="panel">
          <div className="panel-head">
            <h2>{t('address')}</h2>
            <button type="button" className="btn link" onClick={() => setSaved(false)}>
              {t('edit')}
            </button>
          </div>
          <p data-testid="address-summary">
            {email}
            <br />
            {address.name} · {address.phone}
            <br />
            {[address.line1, address.line2, address.city, address.state, address.postCode]
              .filter((v) => v.trim())
              .join(', ')}
            , {countryName(address.countryCode, lang)}
          </p>
        </section>
      ) : (
        <form className="panel" onSubmit={(e) => void saveAddress(e)} noValidate data-testid="address-form">
          <h2>{t('contact')}</h2>
          <Field
            label={t('email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
            error={addressFields.email}
          />
          <h2>{t('address')}</h2>
          <div className="field">
            <label htmlFor="checkout-country">{t('country')}</label>
            <select
              id="checkout-country"
              autoComplete="country"
              value={address.countryCode}
              aria-invalid={addressFields['address.countryCode'] ? true : undefined}
              onChange={(e) => setAddress((a) => ({ ...a, countryCode: e.target.value }))}
            >
              {COUNTRIES.map(([code]) => (
                <option key={code} value={code}>
                  {countryName(code, lang)}
                </option>
              ))}
            </select>
            {addressFields['address.countryCode'] && (
              <p className="field-error">{addressFields['address.countryCode']}</p>
            )}
          </div>
          <div className="fields-2">
            {ADDRESS_FIELDS.map(({ name, label }) => (
              <Field
                key={name}
                className={name === 'line1' || name === 'line2' ? 'wide' : ''}
                label={t(label)}
                type={name === 'phone' ? 'tel' : 'text'}
                autoComplete={AUTOCOMPLETE[name]}
                required={REQUIRED.has(name)}
                value={address[name]}
                onChange={(value) => setAddress((a) => ({ ...a, [name]: value }))}
                error={addressFields[`address.${name}`]}
              />
            ))}
          </div>
          <FormError
            error={errors.address}
            shown={['email', 'address.countryCode', ...ADDRESS_FIELDS.map((f) => `address.${f.name}`)]}
          />
          <button type="submit" className="btn primary block" disabled={busy === 'address'}>
            {busy === 'address' ? t('saving') : t('continueToShipping')}
          </button>
        </form>
      )}

      <section className="panel" aria-busy={busy === 'options' || busy === 'shipping' || undefined}>
        <h2 id="shipping-title">{t('shippingMethod')}</h2>
        {!saved ? (
          <p className="muted">{t('saveAddressFirst')}</p>
        ) : options === null ? (
          busy === 'options' ? (
            <div className="sk sk-line" />
          ) : null
        ) : options.length === 0 ? (
          <p className="muted">{t('noShippingOptions')}</p>
        ) : (
          <div className="radios" role="radiogroup" aria-labelledby="shipping-title">
            {options.map((o) => (
              <label key={o.channelId} className={`radio ${chosen === o.channelId ? 'on' : ''}`}>
                <input
                  type="radio"
                  name="shipping"
                  value={o.channelId}
                  checked={chosen === o.channelId}
                  disabled={busy === 'shipping'}
                  onChange={() => void chooseShipping(o.channelId)}
                />
                <span className="radio-main">
                  <span>{o.name}</span>
                  <span className="muted small">{[o.carrierName, days(o, t)].filter(Boolean).join(' · ')}</span>
                </span>
                <strong>{/^0+(\.0+)?$/.test(o.fee) ? t('free') : money(o.fee, o.currency)}</strong>
              </label>
            ))}
          </div>
        )}
        {errors.shipping !== undefined && <ErrorBox error={errors.shipping} />}
      </section>

      <section className="panel">
        <h2 id="payment-title">{t('payment')}</h2>
        <div className="radios" role="radiogroup" aria-labelledby="payment-title">
          {site.paymentTypes.map((p) => (
            <label key={p} className={`radio ${paymentType === p ? 'on' : ''}`}>
              <input
                type="radio"
                name="payment"
                value={p}
                checked={paymentType === p}
                onChange={() => setPaymentType(p)}
              />
              <span className="radio-main">{textOr(t, 'pay.', p)}</span>
            </label>
          ))}
        </div>
        {orderFields.paymentType && <p className="field-error">{orderFields.paymentType}</p>}
        <Field label={t('note')} value={note} onChange={setNote} multiline maxLength={500} error={orderFields.note} />
      </section>

      <section className="panel summary" aria-label={t('orderSummary')}>
        <h2>{t('orderSummary')}</h2>
        <ul className="mini-lines">
          {cart.lines.map((l) => (
            <li key={l.id}>
              <span>
                {l.title}
                {l.label && <span className="muted"> · {l.label}</span>} × {l.quantity}
              </span>
              <span>{money(l.amount, cart.currency)}</span>
            </li>
          ))}
        </ul>
        <dl className="totals">
          <dt>{t('subtotal')}</dt>
          <dd>{money(cart.subtotal, cart.currency)}</dd>
          <dt>{t('shipping')}</dt>
          <dd>{cart.shipping ? money(cart.shipping.fee, cart.shipping.currency) : '—'}</dd>
          <dt className="total">{t('total')}</dt>
          <dd className="total" data-testid="checkout-total">
            {money(cart.total, cart.currency)}
          </dd>
        </dl>
        <FormError error={errors.order} shown={['paymentType', 'note']} />
        {saved && !chosen && options && options.length > 0 && <p className="muted">{t('chooseShippingFirst')}</p>}
        <button
          type="button"
          className="btn primary block"
          data-testid="place-order"
          disabled={!ready || busy !== null}
          aria-busy={busy === 'order' || undefined}
          onClick={() => void placeOrder()}
        >
          {t('placeOrder')}
        </button>
      </section>
    </div>
  );
}

function fieldsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
