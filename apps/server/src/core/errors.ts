/**
 * Errors that map to the ABP error envelope (wire contract §3). Services throw these;
 * the error handler localizes `messageKey` with `params` for the request's culture.
 */
export interface ValidationErrorItem {
  /**
   * A localization key (or plain text) filled from `params`: `{0}` is the first value. The member
   * is never a placeholder (a path such as `items.0.amount` means nothing in a sentence): the
   * envelope names it in `members`.
   */
  message: string;
  members: string[];
  params?: unknown[];
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly messageKey: string;
  readonly params?: Record<string, unknown> | unknown[];
  readonly details: string | null;
  readonly data: Record<string, unknown> | null;
  readonly validationErrors: ValidationErrorItem[] | null;
  readonly headers?: Record<string, string>;

  constructor(opts: {
    status: number;
    messageKey: string;
    params?: Record<string, unknown> | unknown[];
    code?: string;
    details?: string;
    data?: Record<string, unknown>;
    validationErrors?: ValidationErrorItem[];
    headers?: Record<string, string>;
  }) {
    super(opts.messageKey);
    this.status = opts.status;
    this.code = opts.code ?? null;
    this.messageKey = opts.messageKey;
    this.params = opts.params;
    this.details = opts.details ?? null;
    this.data = opts.data ?? null;
    this.validationErrors = opts.validationErrors ?? null;
    this.headers = opts.headers;
  }

  /** The status under Fastify's name, for error handlers of plugins that read only that (the simulator's). */
  get statusCode(): number {
    return this.status;
  }
}

/**
 * 404 for a record that does not exist or that the caller may not see. The answer says only that
 * (`RecordNotFound`): which table and id were asked is not the user's to read, and would tell a
 * record that exists from one that does not. The entity and id stay on the error (`params`, which
 * `RecordNotFound` does not show) for a caller that turns a refusal into its own field error.
 */
export const notFound = (entity: string, id: unknown) =>
  new AppError({ status: 404, messageKey: 'RecordNotFound', params: [entity, id] });

export const forbidden = (messageKey = 'Forbidden') =>
  new AppError({ status: 403, code: 'Volo.Authorization:010001', messageKey });

export const unauthorized = () =>
  new AppError({ status: 401, code: 'Volo.Authorization:010002', messageKey: 'Unauthorized' });

export const conflict = () => new AppError({ status: 409, messageKey: 'Conflict' });

/**
 * A business rule broken by the user (ABP's user-friendly BusinessException): 403 with the
 * localized text of `code` (a `Resource::Key`), filled from `data`.
 */
export const businessError = (code: string, data?: Record<string, unknown>, status = 403) =>
  new AppError({ status, code, messageKey: code, params: data, data });

/**
 * 400 with one field named: for rules Zod cannot express (uniqueness, references). `params` are
 * the values the text shows, `{0}` the first.
 */
export const fieldError = (member: string, messageKey: string, params?: unknown[]) =>
  new AppError({
    status: 400,
    messageKey: 'ValidationError',
    validationErrors: [{ message: messageKey, members: [member], params }],
  });

/**
 * What the log keeps of an error (the logger's `err` serializer). The statement is kept, never
 * its values, which may be personal data: Drizzle puts the parameters into its message
 * (`Failed query: …\nparams: …`) and a `params` field, PGlite adds `params`, and PostgreSQL's
 * own errors quote the offending value in the message (`invalid input syntax for type uuid:
 * "…"`), in `detail` (`Key (email)=(…) already exists`) and in `where` (`JSON data, line 1: …`).
 * Only an allow-list of fields is copied, so a field added by a later driver stays out too.
 */
export function logSafeError(err: unknown, depth = 0): LoggedError {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Record<string, unknown>;
  const original = typeof e.message === 'string' ? e.message : '';
  const message = safeMessage(e, original);
  const stack = typeof e.stack === 'string' ? (original ? e.stack.replace(original, () => message) : e.stack) : '';
  const out: LoggedError = { type: (err as object).constructor?.name ?? 'Object', message, stack };
  // Drizzle and PGlite name the statement `query`; it holds placeholders ($1), not values.
  if (typeof e.query === 'string') out.query = e.query;
  for (const k of LOGGED_FIELDS) {
    const v = e[k];
    if (v !== undefined && v !== null && typeof v !== 'object') out[k] = v;
  }
  if (e.cause !== undefined && depth < 5) out.cause = logSafeError(e.cause, depth + 1);
  if (err instanceof AggregateError && depth < 5)
    out.errors = err.errors.slice(0, 5).map((x) => logSafeError(x, depth + 1));
  return out;
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** Fields of driver and HTTP errors that name things (codes, tables, constraints), never values. */
const LOGGED_FIELDS = [
  'name',
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'position',
  'statusCode',
  'status',
  'messageKey',
] as const;

/** PostgreSQL quotes identifiers after these words; any other quoted text in its messages is a value. */
const IDENTIFIER_BEFORE_QUOTE =
  /\b(relation|table|column|constraint|index|schema|type|function|sequence|role|database|extension|view|trigger|policy|operator|encoding|collation|domain|cursor|statement|savepoint|parameter)\s$/i;

function safeMessage(e: Record<string, unknown>, message: string): string {
  let m = message;
  if ('params' in e || 'parameters' in e) {
    const at = m.indexOf('\nparams:');
    if (at >= 0) m = m.slice(0, at);
  }
  const isDatabaseError = typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  if (isDatabaseError) {
    m = m.replace(/"(?:[^"]|"")*"/g, (quoted, offset: number) =>
      IDENTIFIER_BEFORE_QUOTE.test(m.slice(Math.max(0, offset - 24), offset)) ? quoted : '"[redacted]"',
    );
  }
  return m;
}

/**
 * Whether a database error is a number too large for its column (SQLSTATE 22003
 * numeric_value_out_of_range), as Drizzle wraps it or bare. The inputs' bounds keep every derived
 * amount inside its column (`@seller/contracts/numbers`); this is the last line should one slip.
 */
export function isNumericOverflow(e: unknown): boolean {
  const cause = (e as { cause?: { code?: string } } | null)?.cause ?? (e as { code?: string } | null);
  return cause?.code === '22003' || (e as { code?: string } | null)?.code === '22003';
}

/**
 * A request the framework refused before any route ran (malformed URL or body): which text and
 * member the 400 names. Null for anything else.
 */
export function requestProblem(e: object): { key: string; member: string } | null {
  switch ((e as { code?: unknown }).code) {
    case 'FST_ERR_BAD_URL':
      return { key: 'Request:MalformedUrl', member: 'url' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { key: 'Request:UrlValueTooLong', member: 'url' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { key: 'Request:BodyTooLarge', member: 'body' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { key: 'Request:UnsupportedMediaType', member: 'body' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { key: 'Request:InvalidBody', member: 'body' };
  }
  // the JSON parser's own error (also for a forbidden `__proto__` or `constructor.prototype`)
  if (e instanceof SyntaxError) return { key: 'Request:InvalidBody', member: 'body' };
  return null;
}
