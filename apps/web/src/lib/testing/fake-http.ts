import { waitFor } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import { useAbp } from '../abp/config-store.ts';
import { buildPath, buildQuery, type RequestOptions } from '../http/client.ts';
import { type AbpValidationError, HttpError } from '../http/errors.ts';
import { http } from '../http/index.ts';

/**
 * The HTTP layer of the page tests, faked: each request is answered from a table keyed by
 * `METHOD path` (the path with its `{name}` parameters filled in, without the query), and recorded,
 * so a test asserts what the page sent through the same client the app uses.
 */

/** A request the page made: its key (`GET /api/x/1`), its query string and its options. */
export interface Call {
  key: string;
  query: string;
  options: RequestOptions;
}

/**
 * What a request is answered with: a value returned as the body, an Error thrown (an `HttpError`
 * for the server's refusals), or a function of the request's options returning either.
 */
export type Answers = Record<string, unknown>;

/**
 * Answers each request from `answers` (read at the time of the request, so a test may change an
 * answer before it acts) and returns the list the requests are recorded in. A request with no
 * answer fails the test, unless `otherwise` answers it. The requests go into `calls` when given.
 */
export function fakeHttp(
  answers: Answers,
  otherwise?: (key: string, options: RequestOptions) => unknown,
  calls: Call[] = [],
): Call[] {
  vi.spyOn(http, 'request').mockImplementation(async (path: string, options: RequestOptions = {}) => {
    const key = `${options.method ?? 'GET'} ${buildPath(path, options.path)}`;
    calls.push({ key, query: buildQuery(options.params), options });
    if (!(key in answers)) {
      if (otherwise) return otherwise(key, options) as never;
      throw new Error(`unexpected ${key}`);
    }
    const answer = answers[key];
    const value = typeof answer === 'function' ? answer(options) : answer;
    if (value instanceof Error) throw value;
    return value as never;
  });
  return calls;
}

/** The last request sent with this key. */
export const lastCall = (calls: Call[], key: string) => calls.filter((c) => c.key === key).at(-1);

/** The JSON body of the last request sent with this key. */
export const lastBody = (calls: Call[], key: string) => lastCall(calls, key)?.options.json as Record<string, unknown>;

/** Waits until a request with this key was sent, then returns the JSON body of the first one. */
export async function sentBody(calls: Call[], key: string) {
  await waitFor(() => expect(calls.some((c) => c.key === key)).toBe(true));
  return calls.find((c) => c.key === key)?.options.json as Record<string, unknown>;
}

/** No request with this key was sent (a form that refused its input before sending it). */
export const expectNotSent = (calls: Call[], key: string) => expect(calls.some((c) => c.key === key)).toBe(false);

/** The query parameters of the last request sent with this key. */
export const lastParams = (calls: Call[], key: string) =>
  lastCall(calls, key)?.options.params as Record<string, unknown>;

/** The server's 400 answer refusing a form: each message on its members (the ABP envelope). */
export const refusal = (path: string, errors: AbpValidationError[], message = 'invalid') =>
  new HttpError(400, { error: { message, validationErrors: errors } }, path, message);

/**
 * The setup most page tests share: before each test, the HTTP layer is faked with fresh `answers`
 * and, when given, the user holds `permissions`. Returns the recorded requests and the answers
 * being served; both keep their identity across tests (emptied and refilled before each), so a
 * file may take them once at the top and a test may change an answer before it acts.
 */
export function fakeApiBeforeEach(
  answers: () => Answers,
  permissions?: string[],
  otherwise?: (key: string, options: RequestOptions) => unknown,
) {
  const api = { calls: [] as Call[], answers: {} as Answers };
  beforeEach(() => {
    api.calls.length = 0;
    for (const key of Object.keys(api.answers)) delete api.answers[key];
    Object.assign(api.answers, answers());
    fakeHttp(api.answers, otherwise, api.calls);
    if (permissions) useAbp.setState({ permissions });
  });
  return api;
}
