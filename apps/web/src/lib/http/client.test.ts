import { describe, expect, it, vi } from 'vitest';
import { buildPath, buildQuery, createHttpClient, type HttpClientConfig, type TokenReply } from './client.ts';
import { describeError, type ErrorNotice, type ErrorTextKey, HttpError } from './errors.ts';

const texts: Record<string, string> = {
  'http.401': 'T401',
  'http.403': 'T403',
  'http.404': '您所请求的资源不存在!',
  'http.429': '您的操作过快,请稍后再试!',
  'http.500': 'T500',
  'http.default': 'TDEFAULT',
  'http.timeout': 'TTIMEOUT',
  'http.network': 'TNETWORK',
  'oauth.invalid_grant': '登录失败',
  'oauth.error': '认证失败',
  'oauth.noDescription': '请检查输入后重试',
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

interface Call {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

/** A fake fetch: records calls and answers through a handler. */
function fakeFetch(handler: (call: Call) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    return handler(call);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function setup(
  handler: (call: Call) => Promise<Response> | Response,
  session: { access?: string; refresh?: string } = {},
) {
  const state = { access: session.access, refresh: session.refresh };
  const notices: ErrorNotice[] = [];
  const expired = vi.fn();
  const { fetch, calls } = fakeFetch(handler);
  const cfg: HttpClientConfig = {
    fetch,
    clientId: 'web-admin',
    timeoutMs: 30_000,
    session: {
      accessToken: () => state.access,
      tokenType: () => 'Bearer',
      refreshToken: () => state.refresh,
      tenant: () => 'demo',
      language: () => 'zh-Hans',
      saveTokens: (r: TokenReply) => {
        state.access = r.access_token;
        state.refresh = r.refresh_token ?? state.refresh;
      },
    },
    text: (k) => texts[k],
    notify: (n) => notices.push(n),
    onSessionExpired: expired,
  };
  return { client: createHttpClient(cfg), calls, notices, expired, state };
}

const isToken = (c: Call) => c.url.endsWith('/connect/token');
const bearer = (c: Call) => c.headers.Authorization;

describe('HTTP client: headers and URLs', () => {
  it('sends bearer, tenant, language and the AJAX marker', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }), { access: 'A1' });
    await expect(client.get('/api/x', { filter: '  abc ', empty: '', none: null, ids: [1, 2] })).resolves.toEqual({
      ok: true,
    });
    expect(calls[0].url).toBe('/api/x?filter=abc&ids=1&ids=2');
    expect(calls[0].headers).toMatchObject({
      Authorization: 'Bearer A1',
      __tenant: 'demo',
      'Accept-Language': 'zh-Hans',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('fills path parameters and refuses a missing one', () => {
    expect(buildPath('/api/x/{id}/y', { id: 'a b' })).toBe('/api/x/a%20b/y');
    expect(() => buildPath('/api/x/{id}', {})).toThrow('Missing path parameter value for id');
    expect(buildQuery({ a: undefined })).toBe('');
  });
});

describe('HTTP client: 401 and the single-flight refresh', () => {
  it('refreshes once for all requests that saw a 401, then retries each once', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { client, calls, notices, expired } = setup(
      async (c) => {
        if (isToken(c)) {
          await gate;
          return json(200, { access_token: 'A2', token_type: 'Bearer', expires_in: 300, refresh_token: 'R2' });
        }
        return bearer(c) === 'Bearer A2' ? json(200, { url: c.url }) : json(401);
      },
      { access: 'A1', refresh: 'R1' },
    );
    const pending = Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    await vi.waitFor(() => expect(calls.filter(isToken)).toHaveLength(1));
    release();
    await expect(pending).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    const tokenCalls = calls.filter(isToken);
    expect(tokenCalls).toHaveLength(1);
    const form = new URLSearchParams(String(tokenCalls[0].init.body));
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('R1');
    expect(form.get('client_id')).toBe('web-admin');
    expect(calls.filter((c) => !isToken(c))).toHaveLength(6); // 3 first tries + 3 retries
    expect(notices).toEqual([]);
    expect(expired).not.toHaveBeenCalled();
  });

  it('a request sent with an older token retries without a second refresh', async () => {
    const { client, calls, state } = setup((c) => (bearer(c) === 'Bearer A2' ? json(200, {}) : json(401)), {
      access: 'A1',
      refresh: 'R1',
    });
    const first = client.get('/api/slow');
    state.access = 'A2'; // another request refreshed meanwhile
    await first;
    expect(calls.filter(isToken)).toHaveLength(0);
  });

  it('opens the re-login dialog when the refresh fails, without an error notification', async () => {
    const { client, calls, notices, expired } = setup(
      (c) => (isToken(c) ? json(400, { error: 'invalid_grant', error_description: 'expired' }) : json(401)),
      { access: 'A1', refresh: 'R1' },
    );
    const results = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(calls.filter(isToken)).toHaveLength(1);
    expect(expired).toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('retries only once: a second 401 after refresh goes to re-login', async () => {
    const { client, calls, expired } = setup(
      (c) => (isToken(c) ? json(200, { access_token: 'A2', token_type: 'Bearer', expires_in: 1 }) : json(401)),
      { access: 'A1', refresh: 'R1' },
    );
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(HttpError);
    expect(calls.filter(isToken)).toHaveLength(1);
    expect(calls.filter((c) => !isToken(c))).toHaveLength(2);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('without a refresh token the dialog comes at once', async () => {
    const { client, calls, expired } = setup(() => json(401), { access: 'A1' });
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter(isToken)).toHaveLength(0);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a 401 without any token is an ordinary error (status text)', async () => {
    const { client, notices, expired } = setup(() => json(401));
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    expect(notices).toEqual([{ message: 'T401' }]);
  });

  /**
   * Two tabs: each its own client and tokens in memory, one storage between them (localStorage)
   * and one lock (Web Locks). The token endpoint answers only when released.
   */
  function twoTabs() {
    const storage = { access: 'A1', refresh: 'R1' };
    let tail: Promise<unknown> = Promise.resolve();
    const lock = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = tail.then(fn);
      tail = run.catch(() => undefined);
      return run;
    };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { fetch, calls } = fakeFetch(async (c) => {
      if (isToken(c)) {
        await gate;
        return json(200, { access_token: 'A2', token_type: 'Bearer', expires_in: 300, refresh_token: 'R2' });
      }
      return bearer(c) === 'Bearer A2' ? json(200, { url: c.url }) : json(401);
    });
    const tab = () => {
      const mine = { ...storage };
      const expired = vi.fn();
      const client = createHttpClient({
        fetch,
        clientId: 'web-admin',
        timeoutMs: 30_000,
        session: {
          accessToken: () => mine.access,
          tokenType: () => 'Bearer',
          refreshToken: () => mine.refresh,
          tenant: () => 'demo',
          language: () => 'en',
          saveTokens: (r: TokenReply) => {
            mine.access = r.access_token;
            mine.refresh = r.refresh_token ?? mine.refresh;
            Object.assign(storage, mine);
          },
          reload: () => {
            Object.assign(mine, storage);
          },
        },
        text: (k) => texts[k],
        notify: () => undefined,
        onSessionExpired: expired,
        acrossTabs: lock,
      });
      return { client, expired };
    };
    return { tab, calls, release };
  }

  it('two tabs refreshing at once: one refresh, and the other tab takes its tokens', async () => {
    const { tab, calls, release } = twoTabs();
    const [a, b] = [tab(), tab()];
    const pending = Promise.all([a.client.get('/api/a'), b.client.get('/api/b')]);
    await vi.waitFor(() => expect(calls.filter(isToken)).toHaveLength(1));
    await vi.waitFor(() => expect(calls.filter((c) => !isToken(c))).toHaveLength(2));
    release();
    await expect(pending).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }]);
    const tokenCalls = calls.filter(isToken);
    expect(tokenCalls).toHaveLength(1);
    expect(new URLSearchParams(String(tokenCalls[0].init.body)).get('refresh_token')).toBe('R1');
    expect(a.expired).not.toHaveBeenCalled();
    expect(b.expired).not.toHaveBeenCalled();
  });

  it('a tab whose tokens another tab rotated long ago takes the new ones instead of presenting the old', async () => {
    const { tab, calls, release } = twoTabs();
    release();
    const [a, b] = [tab(), tab()];
    await a.client.get('/api/a'); // tab a refreshes: R1 is consumed, R2 saved
    expect(calls.filter(isToken)).toHaveLength(1);
    // tab b still holds A1 and R1 in memory
    await expect(b.client.get('/api/b')).resolves.toEqual({ url: '/api/b' });
    expect(calls.filter(isToken)).toHaveLength(1);
    expect(bearer(calls.at(-1)!)).toBe('Bearer A2');
  });
});

describe('HTTP client: error notification rules (spec §8)', () => {
  const t = (k: ErrorTextKey) => texts[k];

  it('error + error_description → a localized title for the OAuth error, the description as message', () => {
    expect(describeError(400, { error: 'invalid_grant', error_description: '用户名或密码错误!' }, t)).toEqual({
      title: '登录失败',
      message: '用户名或密码错误!',
    });
  });

  it('never shows an OAuth error code: an unknown one has the general title, a missing description a hint', () => {
    expect(describeError(400, { error: 'temporarily_unavailable', error_description: 'later' }, t)).toEqual({
      title: '认证失败',
      message: 'later',
    });
    expect(describeError(400, { error: 'invalid_grant' }, t)).toEqual({
      title: '登录失败',
      message: '请检查输入后重试',
    });
  });

  it('error with details → details as message, error message as title', () => {
    expect(
      describeError(400, { error: { message: 'Your request is not valid!', details: 'Name is required' } }, t),
    ).toEqual({ title: 'Your request is not valid!', message: 'Name is required' });
  });

  it('otherwise the error message', () => {
    expect(describeError(403, { error: { code: 'X', message: 'Authorization failed!' } }, t)).toEqual({
      message: 'Authorization failed!',
    });
  });

  it('without a body error: the status texts', () => {
    expect(describeError(401, null, t).message).toBe('T401');
    expect(describeError(403, null, t).message).toBe('T403');
    expect(describeError(404, null, t).message).toBe('您所请求的资源不存在!');
    expect(describeError(429, null, t).message).toBe('您的操作过快,请稍后再试!');
    expect(describeError(500, {}, t).message).toBe('T500');
    expect(describeError(502, null, t).message).toBe('TDEFAULT');
  });

  it('notifies through the client, and stays quiet when asked', async () => {
    const { client, notices } = setup(() => json(429));
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 429 });
    await expect(client.get('/api/a', undefined, { notify: false })).rejects.toBeInstanceOf(HttpError);
    await expect(client.get('/api/a', undefined, { notify: (e) => e.status !== 429 })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(notices).toEqual([{ message: '您的操作过快,请稍后再试!' }]);
  });

  it('reads the error from the body of a blob download', async () => {
    const { client, notices } = setup(
      () =>
        new Response(new Blob([JSON.stringify({ error: { message: 'Export failed', details: 'Too many rows' } })]), {
          status: 500,
        }),
    );
    const err = (await client.request('/api/export', { responseType: 'blob' }).catch((e) => e)) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.error?.details).toBe('Too many rows');
    expect(notices).toEqual([{ title: 'Export failed', message: 'Too many rows' }]);
  });

  it('returns a blob on success', async () => {
    const { client } = setup(() => new Response(new Blob(['abc']), { status: 200 }));
    const blob = await client.request<Blob>('/api/export', { responseType: 'blob' });
    expect(await blob.text()).toBe('abc');
  });

  it('times out with the timeout text', async () => {
    const { client, notices } = setup(
      (c) =>
        new Promise<Response>((_resolve, reject) => {
          c.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const err = await client.get('/api/slow', undefined, { timeoutMs: 10 }).catch((e) => e);
    expect(err).toMatchObject({ status: 0, timeout: true, message: 'TTIMEOUT' });
    expect(notices).toEqual([{ message: 'TTIMEOUT' }]);
  });

  it('posts the token grant form-encoded with the tenant header', async () => {
    const { client, calls } = setup(() => json(200, { access_token: 'A', token_type: 'Bearer', expires_in: 1 }), {
      access: 'OLD',
    });
    await client.token({ grant_type: 'password', username: 'admin', password: 'x' }, { tenant: 'acme' });
    expect(calls[0].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(calls[0].headers.__tenant).toBe('acme');
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(new URLSearchParams(String(calls[0].init.body)).get('username')).toBe('admin');
  });
});
