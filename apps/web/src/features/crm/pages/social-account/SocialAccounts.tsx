import {
  SocialPlatforms,
  socialAccountInput,
  socialAccountList,
  socialAccountUpdateInput,
} from '@seller/contracts/crm';
import { Input, Select, Tag, Typography } from 'antd';
import { CrudField, resourceTitles, TextField } from '../../../../components/crud/index.ts';
import { optionsOf } from '../../../../lib/options.ts';
import { RL, recordsApi, type SocialAccount } from '../../api/records.ts';
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
const platforms = optionsOf(SocialPlatforms, (v) => RL(`Platform:${v}`));

/** A customer's accounts on social platforms and messengers. */
export function SocialAccounts({ customerId }: { customerId?: string }) {
  return (
    <RecordList<SocialAccount>
      testid="crm-social-accounts"
      list={socialAccountList}
      api={recordsApi.socialAccounts}
      {...resourceTitles(RL, 'SocialAccounts', 'NewSocialAccount', 'EditSocialAccount')}
      customerId={customerId}
      filters={[{ key: 'platform', label: RL('Platform'), options: platforms() }]}
      render={{
        platform: (r) => <Tag color={color[r.platform]}>{RL(`Platform:${r.platform}`)}</Tag>,
        url: (r) =>
          r.url ? (
            <Typography.Link
              ellipsis
              style={{ display: 'block' }}
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {r.url}
            </Typography.Link>
          ) : null,
        remark: (r) => (
          <Typography.Text ellipsis style={{ display: 'block' }} title={r.remark ?? undefined}>
            {r.remark}
          </Typography.Text>
        ),
      }}
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
          <TextField name="handle" label={RL('Handle')} maxLength={128} data-testid="social-handle" />
          <TextField name="url" label={RL('Url')} maxLength={512} data-testid="social-url" />
          <CrudField name="remark" label={RL('Remark')}>
            <Input.TextArea maxLength={512} rows={2} />
          </CrudField>
        </>
      )}
    />
  );
}
