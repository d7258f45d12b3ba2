import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/crud/index.ts';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { type UiSize, useSession } from '../../../lib/session/store.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { changeMyPassword } from '../api.ts';
import { MySecurityLogCard } from './security-log.tsx';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** /profile/setting: change password, language and preferences. */
export default function ProfileSettingPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const [form] = Form.useForm<PasswordForm>();
  const size = useSession((s) => s.size);
  const settings = useSession((s) => s.settings);
  const { setSize, setSettings } = useSession.getState();

  const change = useMutation({
    mutationFn: (v: PasswordForm) =>
      changeMyPassword({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    onSuccess: () => {
      message.success(t('profile.passwordChanged'));
      form.resetFields();
    },
    onError: (e) => applyServerErrors(form, e),
  });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('profile.changePassword')}>
          <Form form={form} layout="vertical" onFinish={(v) => change.mutate(v)} data-testid="change-password-form">
            <Form.Item
              name="currentPassword"
              label={t('profile.currentPassword')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password data-testid="current-password" autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              name="newPassword"
              label={t('profile.newPassword')}
              rules={[
                { required: true, message: t('login.passwordRequired') },
                { min: 6, message: t('register.passwordRule') },
              ]}
            >
              <Input.Password data-testid="new-password" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('profile.confirmPassword')}
              dependencies={['newPassword']}
              rules={[
                { required: true, message: t('login.passwordRequired') },
                ({ getFieldValue }) => ({
                  validator: (_r, value) =>
                    !value || getFieldValue('newPassword') === value
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('register.passwordMismatch'))),
                }),
              ]}
            >
              <Input.Password data-testid="confirm-password" autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
              {t('profile.changePassword')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('profile.preferences')}>
          <Form layout="vertical">
            <Form.Item label={t('common.language')}>
              <LanguageSwitch showLabel />
            </Form.Item>
            <Form.Item label={t('layout.size')}>
              <Radio.Group
                value={size}
                optionType="button"
                onChange={(e) => setSize(e.target.value as UiSize)}
                options={[
                  { value: 'small', label: t('layout.sizeSmall') },
                  { value: 'medium', label: t('layout.sizeMedium') },
                  { value: 'large', label: t('layout.sizeLarge') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('layout.tagsView')}>
              <Radio.Group
                value={settings.tagsView}
                optionType="button"
                onChange={(e) => setSettings({ tagsView: e.target.value as boolean })}
                options={[
                  { value: true, label: t('common.yes') },
                  { value: false, label: t('common.no') },
                ]}
              />
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col xs={24}>
        <MySecurityLogCard />
      </Col>
    </Row>
  );
}
