/**
 * Errors that map to the ABP error envelope (wire contract §3). Services throw these;
 * the error handler localizes `messageKey` with `params` for the request's culture.
 */
export interface ValidationErrorItem {
  /** A localization key (or plain text) filled from `params`. */
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
}

export const notFound = (entity: string, id: unknown) =>
  new AppError({ status: 404, messageKey: 'EntityNotFound', params: [entity, id] });

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

/** 400 with one field named: for rules Zod cannot express (uniqueness, references). */
export const fieldError = (member: string, messageKey: string, params?: unknown[]) =>
  new AppError({
    status: 400,
    messageKey: 'ValidationError',
    validationErrors: [{ message: messageKey, members: [member], params }],
  });
