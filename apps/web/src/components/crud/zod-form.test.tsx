import { act, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../lib/http/errors.ts';
import { SpecRows } from '../../lib/testing/form-lists.tsx';
import { applyServerErrors, parseForm } from './zod-form.ts';

let form!: FormInstance;

/** A form with a plain field and a list of rows, like the product form's specifications. */
function Host() {
  const [instance] = Form.useForm();
  form = instance;
  return (
    <Form form={instance} initialValues={{ name: 'cup', specs: [{ key: 'a' }, { key: 'b' }] }}>
      <Form.Item name="name">
        <Input />
      </Form.Item>
      <SpecRows />
    </Form>
  );
}

function setup() {
  render(<Host />);
  return () => form;
}

const badRequest = (errors: { message: string; members: string[] }[]) =>
  new HttpError(400, { error: { message: 'invalid', validationErrors: errors } }, '/api/x', 'invalid');

describe('errors on form fields', () => {
  it('puts a server error of a row on that row’s input, and a capitalised member on its field', async () => {
    const form = setup();
    await act(async () => {
      applyServerErrors(
        form(),
        badRequest([
          { message: 'Name taken', members: ['Name'] },
          { message: 'Duplicate key', members: ['specs.1.key'] },
          { message: 'Unknown', members: ['nothingShown'] },
        ]),
      );
    });
    expect(form().getFieldError('name')).toEqual(['Name taken']);
    expect(form().getFieldError(['specs', 1, 'key'])).toEqual(['Duplicate key']);
    expect(form().getFieldError(['specs', 0, 'key'])).toEqual([]);
    expect(await screen.findByText('Duplicate key')).toBeTruthy();
  });

  it('puts a client-side issue of a row on that row’s input', async () => {
    const form = setup();
    const schema = z.object({
      name: z.string(),
      specs: z.array(z.object({ key: z.string().min(2, 'Too short') })),
    });
    let parsed: unknown;
    await act(async () => {
      parsed = parseForm(schema, form().getFieldsValue(true), form());
    });
    expect(parsed).toBeUndefined();
    expect(form().getFieldError(['specs', 0, 'key'])).toEqual(['Too short']);
    expect(form().getFieldError(['specs', 1, 'key'])).toEqual(['Too short']);
  });
});
