import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { HttpError } from '../../lib/http/errors.ts';
import { hasText, localize, tr } from '../../lib/i18n/index.ts';

export type AnyObjectSchema = z.ZodObject;
type Issue = z.core.$ZodIssue;

function fieldSchema(schema: AnyObjectSchema, name: string): z.ZodType | undefined {
  return (schema.shape as Record<string, z.ZodType>)[name];
}

/**
 * Stands for "no message of the form's own": Zod gives a per-parse error map the lowest rank after
 * the schema's own messages, so an issue carrying this marker had no message in the schema.
 */
const NO_MESSAGE = '\u0000zod-default';
const PARSE_OPTIONS = { error: () => NO_MESSAGE, reportInput: true } as const;

/** antd's placeholder for the form item's label (filled in by the form when the rule fails). */
// biome-ignore lint/suspicious/noTemplateCurlyInString: antd's own message template syntax
const ITEM_LABEL = '${label}';

interface Def {
  type?: string;
  error?: (issue: unknown) => unknown;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType | undefined): Def | undefined =>
  (schema as unknown as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The schemas a value goes through: wrappers (optional, default, pipe, union…) unwrapped. */
function layers(schema: z.ZodType | undefined, out: Def[] = []): Def[] {
  const def = defOf(schema);
  if (!def || out.includes(def) || out.length > 32) return out;
  out.push(def);
  for (const inner of [def.innerType, def.in, def.out, ...(def.options ?? [])]) layers(inner, out);
  return out;
}

/**
 * Messages given to a schema as a whole (`z.string('…')`): Zod puts them on every issue of its
 * checks too, so a length issue would repeat a message written for "required" or the field's name.
 */
function schemaMessages(schema: z.ZodType | undefined): Set<string> {
  const messages = new Set<string>();
  for (const def of layers(schema)) {
    try {
      const m = def.error?.({ code: 'invalid_type', expected: def.type, input: undefined, path: [] });
      const text = typeof m === 'string' ? m : (m as { message?: unknown } | undefined)?.message;
      if (typeof text === 'string') messages.add(text.trim());
    } catch {
      // a message function that needs more of the issue: not a schema-wide message
    }
  }
  return messages;
}

/** The schema of a nested field (`specs.0.name`), when the object schema describes it. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const part of path) {
    const defs = layers(current);
    current = undefined;
    for (const def of defs) {
      if (typeof part === 'number' && def.element) current = def.element;
      else if (typeof part === 'string' && def.shape?.[part]) current = def.shape[part];
      if (current) break;
    }
    if (!current) return undefined;
  }
  return current;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

export interface IssueContext {
  /** The field's label; the message says "this field" without one. */
  label?: string;
  /** The value the user entered (tells "required" from "wrong type"). */
  value?: unknown;
  /** The field's schema: messages given to it as a whole do not stand for a broken limit. */
  schema?: z.ZodType;
}

/** An issue nested in a union: the branch that got furthest (not the one of the wrong type). */
function unionIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union') return issue;
  const branches = issue.errors.filter((b) => b.length > 0);
  const best = branches.find((b) => b[0].code !== 'invalid_type' && b[0].code !== 'invalid_value') ?? branches[0];
  return best ? unionIssue(best[0]) : issue;
}

/** A date limit reads as a date; other limits as numbers. */
const limit = (issue: { origin?: string }, v: number | bigint) =>
  issue.origin === 'date' ? dayjs(Number(v)).format('YYYY-MM-DD') : String(v);

/** The localized message of an issue kind: what is wrong, with the field's label and the limits. */
function kindMessage(issue: Issue, field: string, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value) || issue.expected === 'nonoptional') return tr('validation.required', { field });
      if (issue.expected === 'number') return tr('validation.number', { field });
      if (issue.expected === 'int') return tr('validation.integer', { field });
      return tr('validation.invalid', { field });
    case 'too_small': {
      const min = limit(issue, issue.minimum);
      if (issue.origin === 'string') {
        if (issue.exact) return tr('validation.exactLength', { field, length: min });
        return Number(issue.minimum) <= 1
          ? tr('validation.required', { field })
          : tr('validation.minLength', { field, min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(issue.minimum) <= 1
          ? tr('validation.required', { field })
          : tr('validation.minItems', { field, min });
      }
      if (issue.origin === 'date') return tr('validation.notBefore', { field, min });
      return tr(issue.inclusive === false ? 'validation.greaterThan' : 'validation.min', { field, min });
    }
    case 'too_big': {
      const max = limit(issue, issue.maximum);
      if (issue.origin === 'string') {
        return tr(issue.exact ? 'validation.exactLength' : 'validation.maxLength', { field, max, length: max });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return tr('validation.maxItems', { field, max });
      if (issue.origin === 'date') return tr('validation.notAfter', { field, max });
      return tr(issue.inclusive === false ? 'validation.lessThan' : 'validation.max', { field, max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return tr('validation.emailFormat', { field });
      if (issue.format === 'url') return tr('validation.urlFormat', { field });
      return tr('validation.format', { field });
    case 'not_multiple_of':
      return tr('validation.multipleOf', { field, divisor: issue.divisor });
    default:
      return tr('validation.invalid', { field });
  }
}

/**
 * A limit broken: a message written for the schema as a whole ("… is required") does not describe
 * it. An empty text or list (fewer than one character or item) is "required", not a limit.
 */
const isLimit = (issue: Issue) =>
  (issue.code === 'too_small' || issue.code === 'too_big') &&
  !(
    issue.code === 'too_small' &&
    ['string', 'array', 'set'].includes(issue.origin ?? '') &&
    Number(issue.minimum) <= 1
  );

/**
 * The message a field shows for a Zod issue, in the current language (the server maps the same
 * kinds in app.ts `zodMessage`):
 * - a message that is a text key (`validation.phone`, `AbpIdentity::InvalidUserName`) is localized,
 *   with the label and the limit as `{0}`, `{1}`;
 * - a message of the form's own is kept, unless it only names the field (the label) or was given to
 *   the whole schema and the issue is a broken limit;
 * - otherwise the issue's kind: required, length/size/number/date limits with their values, e-mail,
 *   URL and pattern formats, anything else "not valid".
 */
export function issueMessage(raw: Issue, ctx: IssueContext = {}): string {
  const issue = unionIssue(raw);
  const field = ctx.label?.trim() || tr('validation.thisField');
  const message = issue.message?.trim() ?? '';
  // no message of the form's own, or one that only names the field
  if (!message || message === NO_MESSAGE || message === ctx.label?.trim()) return kindMessage(issue, field, ctx.value);
  // a message given to the whole schema (a text key too) does not describe a broken limit
  if (isLimit(issue) && schemaMessages(ctx.schema).has(message)) return kindMessage(issue, field, ctx.value);
  if (hasText(message)) {
    const bound =
      issue.code === 'too_small'
        ? limit(issue, issue.minimum)
        : issue.code === 'too_big'
          ? limit(issue, issue.maximum)
          : issue.code === 'custom' && issue.params?.limit !== undefined
            ? String(issue.params.limit)
            : undefined;
    // a text's placeholders are values only ({0} the broken limit): the field is named by its form item
    return localize(message, ...(bound === undefined ? [] : [bound]));
  }
  return message;
}

/**
 * An antd rule validating one value with a Zod schema (a list row's cell, say). The message names
 * the field by `label`, else by the form item's label.
 */
export function zodValueRule(field: z.ZodType, label?: string): Rule {
  return {
    validator: async (_rule, value) => {
      const input = value === '' ? undefined : value;
      const result = field.safeParse(input, PARSE_OPTIONS);
      if (result.success) return;
      const issue = result.error.issues[0];
      throw new Error(issue ? issueMessage(issue, { label: label ?? ITEM_LABEL, value: input, schema: field }) : '');
    },
  };
}

/** An antd rule validating one field of the form's Zod schema (the same rules the server applies). */
export function zodRule(schema: AnyObjectSchema, name: string, label?: string): Rule {
  const field = fieldSchema(schema, name);
  return field ? zodValueRule(field, label) : {};
}

/** Whether a field is required by the schema (drives the asterisk). */
export function isRequired(schema: AnyObjectSchema, name: string): boolean {
  const field = fieldSchema(schema, name);
  return field ? !field.safeParse(undefined).success : false;
}

/** Validates the whole object; on failure puts each issue on its field and returns undefined. */
export function parseForm<S extends AnyObjectSchema>(
  schema: S,
  values: unknown,
  form: FormInstance,
): z.output<S> | undefined {
  const result = schema.safeParse(values, PARSE_OPTIONS);
  if (result.success) return result.data;
  showErrors(
    form,
    result.error.issues.map((issue) => {
      const path = issue.path.filter((p) => typeof p !== 'symbol');
      const value = path.reduce<unknown>((v, p) => (v as Record<PropertyKey, unknown> | undefined)?.[p], values);
      return { path, message: issueMessage(issue, { value, schema: schemaAt(schema, path) }) };
    }),
  );
  return undefined;
}

/** Server 400 validation errors (ABP `validationErrors[].members`) shown on the matching fields. */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof HttpError) || error.validationErrors.length === 0) return false;
  return showErrors(
    form,
    error.validationErrors.flatMap((v) =>
      (v.members ?? []).map((member) => ({
        // `specifications.0.name` → ['specifications', 0, 'name']; ABP may capitalise the first name
        path: member
          .split('.')
          .map((part, i) =>
            /^\d+$/.test(part) ? Number(part) : i === 0 ? part.charAt(0).toLowerCase() + part.slice(1) : part,
          ),
        message: v.message,
      })),
    ),
  );
}

/**
 * Puts each message on the deepest field of its path that the form shows (a row's cell, else the
 * list, else the top field): `specifications.0.name` lands on that row's name input. Messages for
 * fields the form does not show are left to the notification.
 */
function showErrors(form: FormInstance, issues: { path: PropertyKey[]; message: string }[]): boolean {
  const shown = new Set(form.getFieldsError().map((f) => JSON.stringify(f.name)));
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const { path, message } of issues) {
    const name = path.filter((p): p is string | number => typeof p !== 'symbol');
    for (let n = name.length; n > 0; n--) {
      const key = JSON.stringify(name.slice(0, n));
      if (!shown.has(key)) continue;
      const field = byField.get(key) ?? { name: name.slice(0, n), errors: [] };
      if (!field.errors.includes(message)) field.errors.push(message);
      byField.set(key, field);
      break;
    }
  }
  form.setFields([...byField.values()]);
  return byField.size > 0;
}
