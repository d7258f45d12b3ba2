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

/** A text field checked by the shared schema; its label also names it in the messages. */
function ProfileField(p: { name: keyof typeof schema.shape; label: string; testid: string; required?: true }) {
  return (
    <Form.Item name={p.name} label={p.label} required={p.required} rules={[zodRule(schema, p.name, p.label)]}>
      <Input data-testid={p.testid} />
    </Form.Item>
  );
}

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
          <ProfileField name="userName" label={t('profile.userName')} testid="profile-username" required />
          <ProfileField name="surname" label={t('profile.surname')} testid="profile-surname" />
          <ProfileField name="name" label={t('profile.name')} testid="profile-name" />
          <ProfileField name="email" label={t('profile.email')} testid="profile-email" />
          <ProfileField name="phoneNumber" label={t('profile.phone')} testid="profile-phone" />
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
