import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from '../../core/security-headers.ts';

/**
 * The consent page both platforms show (self-contained HTML, no script): the seller picks one of
 * the simulator's accounts and presses "授权 Authorize" (`#sim-authorize`), which posts the form
 * to the platform's confirm address; that answers 302 to the product's redirect address with the
 * code. The page's Content-Security-Policy lets the form end on the redirect's origin.
 */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ConsentPage {
  platform: 'Lazada' | 'Shopee';
  action: string;
  hidden: Record<string, string>;
  accounts: Array<{ key: string; label: string; labelZh: string }>;
  redirect: string;
}

export function sendConsentPage(reply: FastifyReply, page: ConsentPage) {
  const hidden = Object.entries(page.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n      ');
  const accounts = page.accounts
    .map(
      (
        a,
        i,
      ) => `<label class="account"><input type="radio" name="account" value="${esc(a.key)}"${i === 0 ? ' checked' : ''}>
        <span>${esc(a.labelZh)}<br><small>${esc(a.label)}</small></span></label>`,
    )
    .join('\n      ');
  const html = `<!doctype html>
<html lang="zh-Hans">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.platform} 授权 Authorization (simulator)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; padding: 24px; color: #222; }
  main { max-width: 480px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 20px; margin-top: 0; }
  .account { display: flex; gap: 8px; align-items: flex-start; border: 1px solid #ddd; border-radius: 6px; padding: 10px; margin: 8px 0; cursor: pointer; }
  small { color: #666; }
  button { width: 100%; padding: 10px; font-size: 16px; border: 0; border-radius: 6px; color: #fff; background: ${page.platform === 'Lazada' ? '#0f146d' : '#ee4d2d'}; cursor: pointer; }
  p.note { color: #666; font-size: 13px; }
</style>
</head>
<body>
<main>
  <h1>${page.platform} 卖家授权 · Seller authorization</h1>
  <p>选择要授权的卖家账号 · Choose the seller account to authorize:</p>
  <form method="post" action="${esc(page.action)}">
      ${hidden}
      ${accounts}
    <button type="submit" id="sim-authorize">授权 Authorize</button>
  </form>
  <p class="note">这是本地市场模拟器，不是真实的 ${page.platform}。 This is the local marketplace simulator, not the real ${page.platform}.</p>
</main>
</body>
</html>`;
  let origin = '';
  try {
    origin = new URL(page.redirect).origin;
  } catch {}
  const csp = Object.entries({
    ...contentSecurityPolicy,
    'form-action': ["'self'", ...(origin && origin !== 'null' ? [origin] : [])],
  })
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
  return reply.header('content-security-policy', csp).type('text/html; charset=utf-8').send(html);
}

/** A redirect address the simulator will send a code to: an absolute http(s) URL. */
export function redirectTarget(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A small HTML error page (the consent flow's errors are shown to a person). */
export function sendConsentError(reply: FastifyReply, status: number, en: string, zh: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8"><title>授权失败 Authorization failed</title></head><body><h1>授权失败 · Authorization failed</h1><p>${esc(zh)}</p><p>${esc(en)}</p></body></html>`,
    );
}

/**
 * `POST /consent`: the consent form's answer. The form must name the app (`appField` holding
 * `appId`), a valid redirect address (`redirectField`) and one of the simulator's accounts; the
 * browser then goes (302) to the redirect address with the non-empty `params` of the account (the
 * code first).
 */
export function consentConfirmRoute<A>(
  app: FastifyInstance,
  opts: {
    appField: string;
    appId: string;
    redirectField: string;
    account: (key: string) => A | undefined;
    params: (account: A, form: Record<string, string | undefined>) => Promise<Record<string, string | undefined>>;
  },
) {
  app.post('/consent', { config: { anonymous: true } }, async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    const redirect = redirectTarget(form[opts.redirectField]);
    const account = opts.account(form.account ?? '');
    if (form[opts.appField] !== opts.appId || !redirect || !account) {
      return sendConsentError(reply, 400, 'Invalid authorization request', '授权请求无效');
    }
    for (const [name, value] of Object.entries(await opts.params(account, form))) {
      if (value) redirect.searchParams.set(name, value);
    }
    return reply.redirect(redirect.href, 302);
  });
}
