import { Input, InputNumber, Tag } from 'antd';
import { z } from 'zod';
import { CrudField } from '../../../../components/crud/index.ts';
import { LC, type VendorSourceDto, vendorSourcesApi } from '../../api.ts';
import { MasterDataPage } from '../../components/MasterDataPage.tsx';
import { sort, text, url } from '../../form.ts';

const PATTERN = /^[a-z0-9*.-]+(\/\S*)?$/i;

const schema = () =>
  z.object({
    name: text('Name', 128),
    website: url(),
    /** One pattern per line. */
    urlPatterns: z
      .string()
      .nullish()
      .transform((v) =>
        (v ?? '')
          .split('\n')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((p) => PATTERN.test(p) && p.length <= 256), LC('UrlPatternFormat')),
    sort: sort(),
  });

/** /product/vendor-source: the platforms products are sourced from, recognised by URL patterns. */
export default function VendorSourcesPage() {
  return (
    <MasterDataPage<VendorSourceDto, ReturnType<typeof schema>>
      testid="vendor-sources"
      entity="VendorSource"
      title="VendorSources"
      permission="Catalog.VendorSources"
      api={vendorSourcesApi}
      defaultSorting="sort asc"
      label={(r) => r.name}
      columns={[
        { key: 'name', title: LC('DisplayName:Name'), dataIndex: 'name', sortField: 'name' },
        { key: 'website', title: LC('DisplayName:Website'), dataIndex: 'website' },
        {
          key: 'urlPatterns',
          title: LC('DisplayName:UrlPatterns'),
          dataIndex: 'urlPatterns',
          render: (list: string[]) => list.map((p) => <Tag key={p}>{p}</Tag>),
        },
        { key: 'sort', title: LC('DisplayName:Sort'), dataIndex: 'sort', sortField: 'sort' },
      ]}
      schema={schema}
      blank={{ name: '', urlPatterns: '', sort: 0 }}
      toForm={(r) => ({ ...r, urlPatterns: r.urlPatterns.join('\n') })}
      fields={
        <>
          <CrudField name="name" label={LC('DisplayName:Name')}>
            <Input autoFocus data-testid="vendor-source-name" />
          </CrudField>
          <CrudField name="website" label={LC('DisplayName:Website')}>
            <Input placeholder="https://" />
          </CrudField>
          <CrudField name="urlPatterns" label={LC('DisplayName:UrlPatterns')} extra={LC('UrlPatternsHint')}>
            <Input.TextArea rows={4} placeholder="detail.1688.com/offer/*" />
          </CrudField>
          <CrudField name="sort" label={LC('DisplayName:Sort')}>
            <InputNumber style={{ width: 160 }} />
          </CrudField>
        </>
      }
    />
  );
}
