import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { checkJsonShape, JSON_BODY_BOUNDS, jsonBoundsError } from './json-bounds.ts';

/**
 * The edge every request passes before tenant resolution and before any handler: text that
 * PostgreSQL cannot store is refused here once, as a 400 naming the field, instead of failing
 * as a 500 deep inside whichever query first meets it.
 *
 * - U+0000: refused by PostgreSQL in `text` ("invalid byte sequence") and in `jsonb`
 *   ("unsupported Unicode escape sequence"), keys included.
 * - An unpaired UTF-16 surrogate (JSON `"\ud800"`): `jsonb` refuses it ("invalid input syntax"),
 *   and a `text` column silently stores U+FFFD instead, so what was saved is not what was sent.
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** At most this many refused members are reported (a hostile body may hold thousands). */
const MAX_REPORTED = 10;

/**
 * Member paths (`name`, `items.0.name`, like other validation errors) of every string or key in
 * `value` that PostgreSQL cannot store, in document order. Walks with an explicit stack, so a
 * body nested thousands of levels deep cannot overflow the call stack.
 */
export function unstorableMembers(value: unknown, root = ''): string[] {
  const found: string[] = [];
  const stack: { v: unknown; path: string; key?: string }[] = [{ v: value, path: root }];
  while (stack.length && found.length < MAX_REPORTED) {
    const { v, path, key } = stack.pop() as { v: unknown; path: string; key?: string };
    if (key !== undefined && !isStorableText(key)) {
      found.push(path);
      continue;
    }
    if (typeof v === 'string') {
      if (!isStorableText(v)) found.push(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: member(path, String(i)) });
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push({ v: (v as Record<string, unknown>)[k], path: member(path, k), key: k });
      }
    }
  }
  return found;
}

/** A member path for the error envelope; a refused key is shown with U+FFFD in place of what it cannot hold. */
const member = (parent: string, key: string) => {
  const shown = key.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATES, '\ufffd');
  return parent ? `${parent}.${shown}` : shown;
};

const refused = (paths: string[]) =>
  new AppError({
    status: 400,
    messageKey: 'ValidationError',
    validationErrors: paths.map((m) => ({ message: 'Value:Unstorable', members: [m] })),
  });

/** The `__tenant` cookie, decoded the way tenant resolution reads it. */
function tenantCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === '__tenant') {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Path parameters, query string and the `__tenant` header and cookie: all known before the body is read. */
function checkUrlAndHeaders(req: FastifyRequest): AppError | null {
  const paths: string[] = [];
  // An unmatched URL goes to the not-found handler, which reads nothing from it.
  if (req.routeOptions.url !== undefined) paths.push(...unstorableMembers(req.params));
  paths.push(...unstorableMembers(req.query));
  const header = req.headers.__tenant;
  if (header !== undefined && unstorableMembers(header).length) paths.push('__tenant');
  const cookie = tenantCookie(req.headers.cookie);
  if (cookie !== undefined && !isStorableText(cookie)) paths.push('__tenant');
  return paths.length ? refused([...new Set(paths)]) : null;
}

interface MultipartPart {
  type?: string;
  fieldname?: string;
  value?: unknown;
  fields?: Record<string, MultipartPart | MultipartPart[]>;
}

/** The text fields a multipart part carries (every field read so far), checked like a JSON body. */
function checkMultipartFields(part: MultipartPart | undefined) {
  if (!part) return;
  const entries: MultipartPart[] = [];
  if (part.type === 'field') entries.push(part);
  for (const f of Object.values(part.fields ?? {})) entries.push(...[f].flat());
  const paths = new Set<string>();
  for (const e of entries) {
    if (e.type !== 'field') continue;
    const name = e.fieldname ?? '';
    if (!isStorableText(name)) paths.add(member('', name));
    else for (const p of unstorableMembers(e.value, name)) paths.add(p);
  }
  if (paths.size) throw refused([...paths]);
}

/** What @fastify/multipart adds to a request of a scope that registered it (typed loosely on purpose). */
interface MultipartRequest {
  isMultipart?: () => boolean;
  file?: (opts?: unknown) => Promise<MultipartPart | undefined>;
  files?: (opts?: unknown) => AsyncIterableIterator<MultipartPart>;
  parts?: (opts?: unknown) => AsyncIterableIterator<MultipartPart>;
}

/**
 * Multipart bodies are streamed to the handler (files can be large), so their text fields are
 * checked as the handler reads them: `file()`, `files()` and `parts()` of this request refuse a
 * part whose fields cannot be stored before the handler sees it.
 */
function guardMultipart(req: MultipartRequest) {
  const { file, files, parts } = req;
  if (file) {
    req.file = async (opts) => {
      const part = await file.call(req, opts);
      checkMultipartFields(part);
      return part;
    };
  }
  for (const name of ['files', 'parts'] as const) {
    const iterate = name === 'files' ? files : parts;
    if (!iterate) continue;
    req[name] = async function* (opts?: unknown) {
      for await (const part of iterate.call(req, opts)) {
        checkMultipartFields(part);
        yield part;
      }
    };
  }
}

/**
 * Installs the edge on the root instance (so it covers every route of every module):
 * - the URL and `__tenant` checks as the first request hook, ahead of authentication and tenant resolution;
 * - the body check after parsing and before schema validation and the handler;
 * - an empty body sent as `application/json` is no body (as ABP takes it): routes without a body
 *   ignore it, routes that need one answer the usual 400 naming `body` from validation;
 * - a JSON body nested deeper or holding more values than `JSON_BODY_BOUNDS` is refused unparsed.
 *
 * Call before the authentication hook is added.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => done(checkUrlAndHeaders(req) ?? undefined));

  app.addHook('preValidation', (req, _reply, done) => {
    const mp = req as unknown as MultipartRequest;
    if (mp.isMultipart?.()) {
      guardMultipart(mp);
      return done();
    }
    const paths = req.body === undefined ? [] : unstorableMembers(req.body);
    done(paths.length ? refused(paths) : undefined);
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Every JSON body of every route: read up to the route's `bodyLimit` (413 past it), its shape
  // bounded before the parser builds anything from it (see json-bounds.ts).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    const violation = checkJsonShape(body as string, JSON_BODY_BOUNDS);
    if (violation) return done(jsonBoundsError(violation, 'body'), undefined);
    return parseJson(req, body as string, done);
  });
}
