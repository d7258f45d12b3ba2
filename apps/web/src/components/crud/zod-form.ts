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
  const byField = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    byField.set(key, [...(byField.get(key) ?? []), issue.message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return undefined;
}

/** Server 400 validation errors (ABP `validationErrors[].members`) shown on the matching fields. */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof HttpError) || error.validationErrors.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields: Array<{ name: string; errors: string[] }> = [];
  for (const v of error.validationErrors) {
    for (const member of v.members ?? []) {
      const name = member.charAt(0).toLowerCase() + member.slice(1);
      if (known.has(name)) fields.push({ name, errors: [v.message] });
    }
  }
  form.setFields(fields);
  return fields.length > 0;
}
