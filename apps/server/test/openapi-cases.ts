import fc from 'fast-check';
import type { TestApp } from './harness.ts';

/**
 * Every registered route as its OpenAPI operation (the same Zod schemas the routes validate
 * with), and plausible values for a schema: the route-wide suites (fuzzing, cold caches) build their
 * requests from these, so a new module's routes are covered without a list to maintain.
 */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

const DATE_RANGE = { min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true };

/** A plausible valid value; `full` keeps every optional property (the base the fixed cases mutate). */
export function valid(s: Schema | undefined, full = false, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant('x');
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, full, depth + 1)));
  if (s.allOf?.length) return valid(Object.assign({}, ...s.allOf), full, depth + 1);
  const types = [s.type ?? 'any'].flat().filter((x) => x !== 'null');
  const base = fc.oneof(...types.map((type) => ofType(type, s, full, depth)));
  return s.nullable || [s.type].flat().includes('null') ? fc.option(base, { nil: null, freq: 6 }) : base;
}

function ofType(type: string, s: Schema, full: boolean, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'date-time') return fc.date(DATE_RANGE).map((d) => d.toISOString());
      if (s.format === 'date') return fc.date(DATE_RANGE).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'uri') return fc.webUrl();
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
        } catch {
          // a pattern fast-check cannot invert: plain strings below
        }
      }
      const minLength = s.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 16, 16));
      return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
    }
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -5);
      const max = Math.max(min, s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1000));
      return fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) });
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -5;
      const max = Math.max(min, s.maximum ?? s.exclusiveMaximum ?? 100_000);
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.double({ min, max, noNaN: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = Math.min(full ? Math.max(1, s.minItems ?? 0) : (s.minItems ?? 0), s.maxItems ?? 3);
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, 3));
      return fc.array(valid(s.items, full, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (!props.length) return fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 2 });
      const model = Object.fromEntries(props.map(([k, p]) => [k, valid(p, full, depth + 1)]));
      return fc.record(model, { requiredKeys: full ? props.map(([k]) => k) : (s.required ?? []) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}

export interface Operation {
  method: string;
  url: string;
  pathParams: { name: string; schema?: Schema }[];
  queryParams: { name: string; schema?: Schema }[];
  body?: Schema;
}

/** Every registered route with its OpenAPI operation (parameters and JSON body schema). */
export function describeOperations(t: TestApp): Operation[] {
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema?: Schema }[];
          requestBody?: { content?: Record<string, { schema?: Schema }> };
        }
      >
    >;
  };
  return t.services.routes
    .filter((r) => /^\/(api|connect|\.well-known)\//.test(r.url))
    .map((r) => {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const params = op?.parameters ?? [];
      const pathNames = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      return {
        method: r.method,
        url: r.url,
        pathParams: pathNames.map((name) => ({
          name,
          schema: params.find((p) => p.in === 'path' && p.name === name)?.schema,
        })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: Object.values(op?.requestBody?.content ?? {})[0]?.schema,
      };
    });
}
