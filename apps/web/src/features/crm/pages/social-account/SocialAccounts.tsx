import { SocialPlatforms, socialAccountInput, socialAccountUpdateInput } from '@seller/contracts/crm';
import { Input, Select, Tag } from 'antd';
import { CrudField } from '../../../../components/crud/index.ts';
import { RL, recordKeys, recordsApi, type SocialAccount } from '../../api/records.ts';
import { RecordList } from '../address/RecordList.tsx';

const color: Record<string, string> = {
  WECHAT: 'green',
  WHATSAPP: 'lime',
  FACEBOOK: 'blue',
  LINE: 'cyan',
  INSTAGRAM: 'magenta',
  TIKTOK: 'default',
  X: 'default',
  OTHER: 'default',
};
const platforms = () => SocialPlatforms.map((v) => ({ value: v, label: RL(`Platform:${v}`) }));

/** A customer's accounts on social platforms and messengers. */
export function SocialAccounts({ customerId }: { customerId?: string }) {
  return (
    <RecordList<SocialAccount>
      testid="crm-social-accounts"
      api={recordsApi.socialAccounts}
      queryKey={recordKeys.socialAccounts}
      title={RL('SocialAccounts')}
      createTitle={RL('NewSocialAccount')}
      editTitle={(label) => RL('EditSocialAccount', label)}
      customerId={customerId}
      defaultSorting="creationTime desc"
      exportName={RL('SocialAccounts')}
      filters={[{ key: 'platform', label: RL('Platform'), options: platforms() }]}
      columns={[
        {
          key: 'platform',
          title: RL('Platform'),
          width: 120,
          render: (_v, r) => <Tag color={color[r.platform]}>{RL(`Platform:${r.platform}`)}</Tag>,
        },
        { key: 'handle', title: RL('Handle'), dataIndex: 'handle', sortField: 'handle', width: 180 },
        {
          key: 'url',
          title: RL('Url'),
          ellipsis: true,
          render: (_v, r) =>
            r.url ? (
              <a href={r.url} target="_blank" rel="noopener noreferrer">
                {r.url}
              </a>
            ) : null,
        },
        { key: 'remark', title: RL('Remark'), dataIndex: 'remark', width: 160, ellipsis: true, defaultHidden: true },
      ]}
      createSchema={socialAccountInput}
      updateSchema={socialAccountUpdateInput}
      blank={{ platform: 'WECHAT' }}
      toForm={(r) => ({ platform: r.platform, handle: r.handle, url: r.url ?? '', remark: r.remark ?? '' })}
      label={(r) => r.handle}
      fields={() => (
        <>
          <CrudField name="platform" label={RL('Platform')}>
            <Select options={platforms()} data-testid="social-platform" />
          </CrudField>
          <CrudField name="handle" label={RL('Handle')}>
            <Input maxLength={128} data-testid="social-handle" />
          </CrudField>
          <CrudField name="url" label={RL('Url')}>
            <Input maxLength={512} data-testid="social-url" />
          </CrudField>
          <CrudField name="remark" label={RL('Remark')}>
            <Input.TextArea maxLength={512} rows={2} />
          </CrudField>
        </>
      )}
    />
  );
}
