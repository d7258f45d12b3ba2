import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n, setCulture } from '../../lib/i18n/index.ts';
import { submit, typeInto } from '../../lib/testing/form-events.ts';
import { SpecRows } from '../../lib/testing/form-lists.tsx';
import { UiContext } from '../../lib/ui-bridge.ts';
import { CrudField, FormOverlay } from './FormOverlay.tsx';
import { parseForm, zodRule } from './zod-form.ts';

/**
 * What a user reads under a field: every Zod rule says what is wrong (required, the length limit,
 * the format), in the current language, with the field's label, even where the form's schema passes
 * the label itself as its message (as the users and tenant forms do, like the server's schemas).
 */

const labels = {
  'zh-Hans': { userName: '用户名', email: '邮箱', roles: '角色', count: '数量', role: '角色名称' },
  en: { userName: 'User name', email: 'E-mail', roles: 'Roles', count: 'Quantity', role: 'Role name' },
} as const;

type Culture = keyof typeof labels;

/** The users form's rules (identity/dto.ts on the server): the label as message, limits without one. */
function userSchema(culture: Culture) {
  const l = labels[culture];
  return z.object({
    userName: z
      .string(l.userName)
      .trim()
      .min(1, l.userName)
      .max(256)
      .regex(/^[A-Za-z0-9\-._@+]+$/, culture === 'en' ? 'Only letters and digits' : '只能包含字母和数字'),
    email: z.email(l.email).max(256),
    roles: z.array(z.string()).min(1).max(2),
    count: z.coerce.number().int().min(1).max(99),
    // a message meant for "required" only (the role form): a too long name still says "too long"
    role: z
      .string(culture === 'en' ? 'The role name cannot be empty.' : '角色名称不能为空。')
      .trim()
      .max(8),
    // a text key as the message: localized when shown
    phone: z.string().regex(/^\d+$/, 'validation.phone').optional(),
  });
}

/** The form's fields, in their order on the form. */
const ALL = ['userName', 'email', 'roles', 'count', 'role', 'phone'] as const;

const host: { form?: FormInstance } = {};
const ui = { message: {}, notification: {} } as never;

function UserForm({ culture }: { culture: Culture }) {
  const schema = userSchema(culture);
  const l = labels[culture];
  return (
    <FormOverlay open title="user" schema={schema} testid="user-form" onSubmit={async () => {}} onClose={() => {}}>
      {ALL.map((name) => (
        <CrudField key={name} name={name} label={name === 'phone' ? 'phone' : l[name]}>
          <Input data-testid={name} />
        </CrudField>
      ))}
    </FormOverlay>
  );
}

/** Types the values, submits, and returns the message shown under each field. */
async function shownAfterSubmit(culture: Culture, values: Record<string, string>, fields: readonly string[]) {
  await act(async () => setCulture(culture));
  render(
    <UiContext value={ui}>
      <UserForm culture={culture} />
    </UiContext>,
  );
  for (const [name, value] of Object.entries(values)) await typeInto(name, value);
  // the form validates asynchronously: the helper returns once every field shows its errors
  await submit('user-form-submit');
  const shown: Record<string, string> = {};
  for (const name of fields) {
    const item = screen.getByTestId(name).closest('.ant-form-item');
    shown[name] = item?.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
  }
  return shown;
}

const tooLong = 'a'.repeat(257);

afterEach(async () => {
  cleanup();
  await act(async () => setCulture('zh-Hans'));
});

/** What each language shows under the fields: with nothing typed, and with values over a limit or of a wrong format. */
const expected: Record<Culture, { required: Record<string, string>; limits: Record<string, string> }> = {
  'zh-Hans': {
    required: {
      userName: '用户名不能为空',
      email: '邮箱不能为空',
      roles: '角色不能为空',
      count: '数量不能为空',
      phone: '',
    },
    limits: {
      userName: '用户名长度不能超过 256 个字符',
      email: '邮箱格式不正确',
      count: '数量不能大于 99',
      role: '角色名称长度不能超过 8 个字符',
      phone: '请输入正确的手机号码',
    },
  },
  en: {
    required: { userName: 'User name is required', email: 'E-mail is required', count: 'Quantity is required' },
    limits: {
      userName: 'User name must be at most 256 characters',
      email: 'E-mail is not a valid e-mail address',
      count: 'Quantity must be at most 99',
      role: 'Role name must be at most 8 characters',
      phone: 'Please enter a correct phone number',
    },
  },
};

const overLimits = { userName: tooLong, email: 'not-an-email', count: '120', role: 'much-too-long', phone: 'x1' };

describe.each(['zh-Hans', 'en'] as const)('form validation messages (%s)', (culture) => {
  it('says that a field is required, naming the field', async () => {
    expect(await shownAfterSubmit(culture, {}, ALL)).toMatchObject(expected[culture].required);
  });

  it('states the limit that was broken, and the format', async () => {
    expect(await shownAfterSubmit(culture, overLimits, ALL)).toMatchObject(expected[culture].limits);
  });
});

describe('form validation messages (zh-Hans)', () => {
  it('keeps a message the schema gives for one rule', async () => {
    const shown = await shownAfterSubmit('zh-Hans', { userName: 'bad name!', count: '0' }, ALL);
    expect(shown.userName).toBe('只能包含字母和数字');
    expect(shown.count).toBe('数量不能小于 1');
  });
});

function Plain({ rule }: { rule: ReturnType<typeof zodRule> }) {
  const [form] = Form.useForm();
  host.form = form;
  return (
    <Form form={form}>
      <Form.Item name="userName" label={i18n.language === 'en' ? 'User name' : '用户名'} rules={[rule]}>
        <Input data-testid="plain" />
      </Form.Item>
    </Form>
  );
}

function Rows() {
  const [form] = Form.useForm();
  host.form = form;
  return (
    <Form form={form} initialValues={{ specs: [{ key: 'abcd' }] }}>
      <SpecRows />
    </Form>
  );
}

describe('other ways of using the schema', () => {
  it('a rule without a label takes the form item’s label', async () => {
    await act(async () => setCulture('en'));
    render(<Plain rule={zodRule(z.object({ userName: z.string().min(3) }), 'userName')} />);
    await typeInto('plain', 'ab');
    await act(async () => {
      await host.form?.validateFields().catch(() => undefined);
    });
    expect(host.form?.getFieldError('userName')).toEqual(['User name must be at least 3 characters']);
  });

  it('a whole-object check of list rows says what is wrong with each row', async () => {
    const schema = z.object({ specs: z.array(z.object({ key: z.string().max(3) })) });
    render(<Rows />);
    await act(async () => {
      parseForm(schema, host.form?.getFieldsValue(true), host.form as FormInstance);
    });
    expect(host.form?.getFieldError(['specs', 0, 'key'])).toEqual(['此项长度不能超过 3 个字符']);
  });
});
