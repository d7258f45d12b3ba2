import { vendorSourceInput } from '@seller/contracts/catalog';
import { Input, InputNumber, Tag } from 'antd';
import { CrudField, ResourcePage, TextField } from '../../../../components/crud/index.ts';
import { catalogResource, LC, type VendorSourceDto, vendorSourcesApi } from '../../api.ts';
import { emptyNumber, lines } from '../../form.ts';

/** The server's rules; the patterns are edited one per line. */
const schema = () =>
  vendorSourceInput.extend({
    urlPatterns: lines(vendorSourceInput.shape.urlPatterns),
    sort: emptyNumber(vendorSourceInput.shape.sort),
  });

/** /product/vendor-source: the platforms products are sourced from, recognised by URL patterns. */
export default function VendorSourcesPage() {
  return (
    <ResourcePage<VendorSourceDto, ReturnType<typeof schema>>
      {...catalogResource('VendorSource', 'VendorSources')}
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
          <TextField name="name" label={LC('DisplayName:Name')} autoFocus data-testid="vendor-source-name" />
          <TextField name="website" label={LC('DisplayName:Website')} placeholder="https://" />
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
