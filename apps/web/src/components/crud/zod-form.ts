import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { HttpError } from '../../lib/http/errors.ts';

export type AnyObjectSchema = z.ZodObject;

function fieldSchema(schema: AnyObjectSchema, name: string): z.ZodType | undefined {
  return (schema.shape as Record<string, z.ZodType>)[name];
}

/** An antd rule validating one field with its Zod schema (the same rule the server uses). */
export function zodRule(schema: AnyObjectSchema, name: string): Rule {
  return {
    validator: async (_rule, value) => {
      const field = fieldSchema(schema, name);
      if (!field) return;
      const result = field.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'invalid');
    },
  };
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
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  showErrors(
    form,
    result.error.issues.map((issue) => ({
      path: issue.path.filter((p) => typeof p !== 'symbol'),
      message: issue.message,
    })),
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
