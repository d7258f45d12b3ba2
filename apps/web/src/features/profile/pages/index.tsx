import { type UpdateProfileInput, updateProfileInput } from '@seller/contracts/identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, parseForm, zodRule } from '../../../components/crud/index.ts';
import { fetchApplicationConfiguration } from '../../../lib/abp/api.ts';
import { useAbp } from '../../../lib/abp/config-store.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { fetchMyProfile, type MyProfile, updateMyProfile } from '../api.ts';

/** What the form checks: the server's own rules (the stamp is added when saving). */
const schema = updateProfileInput.omit({ concurrencyStamp: true });

/** /profile/index: personal info (user name, name, surname, e-mail, phone). */
export default function ProfileInfoPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const profile = useQuery({ queryKey: ['my-profile'], queryFn: fetchMyProfile });

  // effects re-run when a kept-alive tab is shown again: fill the form once per loaded profile only
  const filledWith = useRef<MyProfile>(undefined);
  useEffect(() => {
    if (profile.data && filledWith.current !== profile.data) {
      filledWith.current = profile.data;
      form.setFieldsValue(profile.data);
    }
  }, [profile.data, form]);

  const save = useMutation({
    mutationFn: (values: Omit<UpdateProfileInput, 'concurrencyStamp'>) =>
      updateMyProfile({ ...values, concurrencyStamp: profile.data?.concurrencyStamp }),
    onSuccess: async (data) => {
      message.success(t('profile.saved'));
      client.setQueryData(['my-profile'], data);
      // the top bar shows the user's name from the configuration
      useAbp.getState().setConfig(await fetchApplicationConfiguration());
    },
    onError: (e) => applyServerErrors(form, e),
  });

  return (
    <Card title={t('profile.info')} style={{ maxWidth: 640 }}>
      {profile.isLoading ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          data-testid="profile-form"
          onFinish={() => {
            const values = parseForm(schema, form.getFieldsValue(true), form);
            if (values) save.mutate(values);
          }}
        >
          <Form.Item
            name="userName"
            label={t('profile.userName')}
            required
            rules={[zodRule(schema, 'userName', t('profile.userName'))]}
          >
            <Input data-testid="profile-username" />
          </Form.Item>
          <Form.Item
            name="surname"
            label={t('profile.surname')}
            rules={[zodRule(schema, 'surname', t('profile.surname'))]}
          >
            <Input data-testid="profile-surname" />
          </Form.Item>
          <Form.Item name="name" label={t('profile.name')} rules={[zodRule(schema, 'name', t('profile.name'))]}>
            <Input data-testid="profile-name" />
          </Form.Item>
          <Form.Item name="email" label={t('profile.email')} rules={[zodRule(schema, 'email', t('profile.email'))]}>
            <Input data-testid="profile-email" />
          </Form.Item>
          <Form.Item
            name="phoneNumber"
            label={t('profile.phone')}
            rules={[zodRule(schema, 'phoneNumber', t('profile.phone'))]}
          >
            <Input data-testid="profile-phone" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
