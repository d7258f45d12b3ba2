import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HttpError } from '../../../../lib/http/errors.ts';
import { LS, platformLabel, type Shop, shopsApi, shopsPath } from '../../api.ts';

/** The server's message of a refusal (a field error's own message first). */
function messageOf(e: unknown): string {
  if (e instanceof HttpError) {
    const body = e.body as { error?: { message?: string; validationErrors?: { message: string }[] } } | undefined;
    return body?.error?.validationErrors?.[0]?.message ?? body?.error?.message ?? e.message;
  }
  return (e as Error)?.message ?? String(e);
}

/**
 * Where a marketplace's consent page sends the seller back (`?code&state`, Shopee adds `shop_id`):
 * the code is exchanged for the shop's tokens once, then the shop is shown with a way back.
 */
export default function ShopCallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const shopId = params.get('shop_id') ?? undefined;
  const [result, setResult] = useState<{ shop?: Shop; error?: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!code || !state) {
      setResult({ error: LS('MissingCode') });
      return;
    }
    shopsApi
      .authorize({ code, state, ...(shopId ? { shopId } : {}) })
      .then((shop) => setResult({ shop }))
      .catch((e) => setResult({ error: messageOf(e) }));
  }, [code, state, shopId]);

  if (!result) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="shop-callback-busy">
        <Spin tip={LS('Authorizing')}>
          <div style={{ height: 80 }} />
        </Spin>
      </div>
    );
  }
  if (result.shop) {
    const shop = result.shop;
    return (
      <Result
        status="success"
        data-testid="shop-callback-success"
        title={LS('Authorized', shop.name)}
        subTitle={`${platformLabel(shop.platform)} · ${shop.regions.join('/')}${shop.sellerId ? ` · ${shop.sellerId}` : ''}`}
        extra={
          <Link to={shopsPath(shop.platform)} data-testid="shop-callback-back">
            <Button type="primary">{LS('BackToShops')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      data-testid="shop-callback-error"
      title={LS('AuthorizeFailed')}
      subTitle={result.error}
      extra={
        <Link to={shopsPath('LAZADA')}>
          <Button>{LS('BackToShops')}</Button>
        </Link>
      }
    />
  );
}
