import { SendOutlined } from '@ant-design/icons';
import { NotificationSeverity } from '@seller/contracts/constants';
import { notificationDataInput } from '@seller/contracts/notifications';
import { Alert, Button, Card, Form, Input, Radio, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Access, isRequired, zodRule } from '../../../../components/crud/index.ts';
import { featureValue, useAbp } from '../../../../lib/abp/config-store.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { HttpError } from '../../../../lib/http/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { ANNOUNCEMENT, NT, SEND_PERMISSION, sendApi, severities, type UserOption } from '../../api.ts';
import { SeverityTag } from '../../components/SeverityTag.tsx';

interface FormValues {
  title: string;
  message: string;
  description?: string;
  severity: number;
  recipients: 'everyone' | 'users';
  users?: string[];
}

/** Server members (`data.title`, `toUsers.0.userId`) → this form's fields. */
function fieldOf(member: string): keyof FormValues | undefined {
  if (member.startsWith('data.')) return member.slice(5) as keyof FormValues;
  if (member.startsWith('toUsers')) return 'users';
  if (member === 'severity') return 'severity';
  return undefined;
}

const displayName = (u: UserOption) => {
  const full = [u.surname, u.name].filter(Boolean).join('');
  return full ? `${u.userName} (${full})` : u.userName;
};

/** /notifications/send: an administrator sends an announcement to everyone in the tenant or to chosen users. */
export default function SendNotificationPage() {
  const { message } = useUi();
  const access = useAccess();
  const enabled = useAbp((s) => featureValue(s.config, 'Notifications.Enable')) !== 'false';
  const canPickUsers = access.can('AbpIdentity.Users');
  const [form] = Form.useForm<FormValues>();
  const recipients = Form.useWatch('recipients', form);
  const [sending, setSending] = useState(false);
  const [options, setOptions] = useState<UserOption[]>([]);
  const chosen = useRef(new Map<string, UserOption>());
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const search = (filter: string) => {
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(async () => {
      try {
        setOptions((await sendApi.searchUsers(filter)).items);
      } catch {
        setOptions([]);
      }
    }, 250);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the first page when the option is picked
  useEffect(() => {
    if (recipients === 'users' && canPickUsers) search('');
    return () => clearTimeout(searchTimer.current);
  }, [recipients, canPickUsers]);

  const submit = async (v: FormValues) => {
    setSending(true);
    try {
      const ids = v.recipients === 'users' ? (v.users ?? []) : [];
      const result = await sendApi.send({
        name: ANNOUNCEMENT,
        data: { title: v.title, message: v.message, description: v.description || null },
        toUsers: ids.map((userId) => ({ userId, userName: chosen.current.get(userId)?.userName })),
        severity: v.severity,
      });
      if (result.recipientCount > 0) {
        message.success(NT('SentTo', result.recipientCount));
        form.resetFields(['title', 'message', 'description']);
      } else {
        message.warning(NT('NobodyReceived'));
      }
    } catch (e) {
      if (e instanceof HttpError) {
        const fields = new Map<keyof FormValues, string[]>();
        for (const err of e.validationErrors) {
          for (const m of err.members ?? []) {
            const f = fieldOf(m);
            if (f) fields.set(f, [...(fields.get(f) ?? []), err.message]);
          }
        }
        form.setFields([...fields].map(([name, errors]) => ({ name, errors })));
      }
    } finally {
      setSending(false);
    }
  };

  const known = [...options, ...chosen.current.values()].filter(
    (u, i, all) => all.findIndex((x) => x.id === u.id) === i,
  );

  return (
    <Access permission={SEND_PERMISSION}>
      <Card title={NT('SendNotification')} data-testid="notification-send">
        {!enabled && <Alert type="warning" showIcon title={NT('FeatureOff')} style={{ marginBottom: 16 }} />}
        <Alert type="info" showIcon title={NT('SendHelp')} style={{ marginBottom: 16 }} />
        <Form<FormValues>
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ severity: NotificationSeverity.Info, recipients: 'everyone' }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="title"
            label={NT('Title')}
            required={isRequired(notificationDataInput, 'title')}
            rules={[zodRule(notificationDataInput, 'title', NT('Title'))]}
          >
            <Input data-testid="notification-send-title" maxLength={256} />
          </Form.Item>
          <Form.Item
            name="message"
            label={NT('Message')}
            required={isRequired(notificationDataInput, 'message')}
            rules={[zodRule(notificationDataInput, 'message', NT('Message'))]}
          >
            <Input.TextArea data-testid="notification-send-message" rows={4} maxLength={2048} showCount />
          </Form.Item>
          <Form.Item
            name="description"
            label={NT('Description')}
            rules={[zodRule(notificationDataInput, 'description', NT('Description'))]}
          >
            <Input.TextArea data-testid="notification-send-description" rows={2} maxLength={4096} />
          </Form.Item>
          <Form.Item name="severity" label={NT('Severity')}>
            <Select
              data-testid="notification-send-severity"
              style={{ width: 200 }}
              options={severities.map((s) => ({ value: s, label: <SeverityTag severity={s} /> }))}
            />
          </Form.Item>
          <Form.Item name="recipients" label={NT('Recipients')}>
            <Radio.Group data-testid="notification-send-recipients">
              <Radio value="everyone">{NT('Everyone')}</Radio>
              <Radio value="users" disabled={!canPickUsers}>
                {NT('ChosenUsers')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          {recipients === 'users' && (
            <Form.Item name="users" rules={[{ required: true, type: 'array', min: 1 }]}>
              <Select
                mode="multiple"
                data-testid="notification-send-users"
                placeholder={NT('SelectUsers')}
                showSearch={{ filterOption: false, onSearch: search }}
                onChange={(ids: string[]) => {
                  for (const id of ids) {
                    const u = known.find((x) => x.id === id);
                    if (u) chosen.current.set(id, u);
                  }
                }}
                options={known.map((u) => ({ value: u.id, label: displayName(u) }))}
              />
            </Form.Item>
          )}
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SendOutlined />}
              loading={sending}
              disabled={!enabled}
              data-testid="notification-send-submit"
            >
              {NT('Send')}
            </Button>
          </Space>
        </Form>
      </Card>
    </Access>
  );
}
