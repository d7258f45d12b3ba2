import { render, screen } from '@testing-library/react';
import { Button, Form, Input, Select } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, expectErrorOf, pick, submit, typeInto } from './form-events.ts';

/**
 * The helpers return only once what they did shows: the page tests read errors and submit right
 * after them, and antd shows a field's errors a timer after they change.
 */

/** A name the "server" always refuses, and a colour picked from a list. */
function Host({ onSave }: { onSave: (values: unknown) => void }) {
  const [form] = Form.useForm();
  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    onSave(form.getFieldsValue());
    form.setFields([{ name: 'name', errors: ['taken'] }]);
  };
  return (
    <Form form={form}>
      <Form.Item name="name" rules={[{ required: true, message: 'required' }]}>
        <Input data-testid="name" />
      </Form.Item>
      <Form.Item name="colour">
        <Select
          data-testid="colour"
          options={[
            { value: 'r', label: 'Red', title: 'Red' },
            { value: 'g', label: 'Green', title: 'Green' },
          ]}
        />
      </Form.Item>
      <Button data-testid="save" onClick={() => void save()}>
        save
      </Button>
    </Form>
  );
}

/** The errors under the fields, but those fading out (antd's leave motion). */
const shownErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')]
    .filter((e) => !e.className.includes('-leave'))
    .map((e) => e.textContent);

describe('form test helpers', () => {
  it('typeInto returns once the value is in the input and the error of the last submit is gone', async () => {
    render(<Host onSave={vi.fn()} />);
    await submit('save');
    expect(await errorOf('name')).toBe('required');

    await typeInto('name', 'VIP');
    expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('VIP');
    expect(shownErrors()).toEqual([]);
  });

  it("after a refused submit, the field shows the server's error, not the one before it", async () => {
    const onSave = vi.fn();
    render(<Host onSave={onSave} />);
    await submit('save');
    await expectErrorOf('name', 'required');

    await typeInto('name', 'VIP');
    await submit('save');
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'VIP' }));
    expect(shownErrors()).toEqual(['taken']);
    expect(await errorOf('name')).toBe('taken');
  });

  it('pick returns once the select shows the option', async () => {
    const onSave = vi.fn();
    render(<Host onSave={onSave} />);
    await pick('colour', 'Green');
    expect(screen.getByTestId('colour').closest('.ant-select')?.textContent).toContain('Green');
    await typeInto('name', 'x');
    await submit('save');
    expect(onSave).toHaveBeenCalledWith({ name: 'x', colour: 'g' });
  });

  it('expectErrorOf fails naming the error shown when it is not the expected one', async () => {
    render(<Host onSave={vi.fn()} />);
    await submit('save');
    await expect(expectErrorOf('name', 'something else')).rejects.toThrow(/required/);
  });
});
