import { AppError } from './errors.ts';

/**
 * Bounds on the shape of JSON text, checked on the raw text before anything is built from it.
 *
 * `JSON.parse` is not recursive in V8: 4 MB of `[[[[…` parses into a million nested arrays
 * (some 50 MB of heap), and 4 MB of `[],[],…` into a million empty ones, long before a schema
 * gets to say no. A scan of the text is a few milliseconds per megabyte, allocates nothing and
 * stops at the first violation.
 */
export interface JsonBounds {
  /** Arrays and objects inside each other (the top-level value is depth 1). */
  maxDepth: number;
  /** Values: an upper bound counted as one per array or object opened and one per separating comma. */
  maxValues: number;
}

/** Every JSON request body: deeper than any contract, and at most a few MB of heap once parsed. */
export const JSON_BODY_BOUNDS: JsonBounds = { maxDepth: 32, maxValues: 100_000 };

/** The request body limit of a route that declares none (Fastify's `bodyLimit`). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface JsonBoundsViolation {
  kind: 'depth' | 'values';
  limit: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Scans JSON text piece by piece (a whole string, or the chunks of a stream as they arrive):
 * brackets and commas outside strings. Works on UTF-16 text and on UTF-8 bytes alike, as every
 * character it looks at is ASCII and no byte of a multi-byte UTF-8 sequence is. Malformed text is
 * not its business: the parser refuses that afterwards.
 */
export class JsonShapeScanner {
  private depth = 0;
  private values = 1;
  private inString = false;
  private escaped = false;
  private violation: JsonBoundsViolation | null = null;
  private readonly bounds: JsonBounds;

  constructor(bounds: JsonBounds) {
    this.bounds = bounds;
  }

  /** The next piece of the text; the first violation (then and on every later call), or null. */
  feed(piece: string | Uint8Array): JsonBoundsViolation | null {
    if (this.violation) return this.violation;
    const text = typeof piece === 'string';
    const { maxDepth, maxValues } = this.bounds;
    let { depth, values, inString, escaped } = this;
    for (let i = 0; i < piece.length; i++) {
      const c = text ? (piece as string).charCodeAt(i) : (piece as Uint8Array)[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        values++;
        if (++depth > maxDepth) {
          this.violation = { kind: 'depth', limit: maxDepth };
          return this.violation;
        }
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
      else if (c === COMMA) values++;
      else continue;
      if (values > maxValues) {
        this.violation = { kind: 'values', limit: maxValues };
        return this.violation;
      }
    }
    this.depth = depth;
    this.values = values;
    this.inString = inString;
    this.escaped = escaped;
    return null;
  }
}

/** The first violation of `bounds` in a whole text, or null. */
export function checkJsonShape(text: string | Uint8Array, bounds: JsonBounds = JSON_BODY_BOUNDS) {
  return new JsonShapeScanner(bounds).feed(text);
}

/**
 * The refusal of a violation, naming `member` (`body`, or the uploaded `file`): too deep is a 400
 * (a shape no contract has), too many values a 413 (too large, counted in values).
 */
export function jsonBoundsError(violation: JsonBoundsViolation, member: string): AppError {
  return new AppError({
    status: violation.kind === 'depth' ? 400 : 413,
    messageKey: 'ValidationError',
    validationErrors: [
      {
        message: violation.kind === 'depth' ? 'Request:TooDeep' : 'Request:TooManyValues',
        members: [member],
        params: [violation.limit],
      },
    ],
  });
}
