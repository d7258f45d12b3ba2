import { brandInput } from '@seller/contracts/catalog';
import { Input } from 'antd';
import { CrudField, creationTimeColumn, ResourcePage, TextField } from '../../../../components/crud/index.ts';
import { type BrandDto, brandsApi, catalogResource, LC } from '../../api.ts';

const schema = () => brandInput;

/** /product/brach: brands. */
export default function BrandsPage() {
  return (
    <ResourcePage<BrandDto, ReturnType<typeof schema>>
      {...catalogResource('Brand', 'Brands')}
      api={brandsApi}
      defaultSorting="name asc"
      exportName={LC('Brands')}
      label={(r) => r.name}
      columns={[
        { key: 'name', title: LC('DisplayName:Name'), dataIndex: 'name', sortField: 'name' },
        { key: 'nameEn', title: LC('DisplayName:NameEn'), dataIndex: 'nameEn', sortField: 'nameEn' },
        {
          key: 'website',
          title: LC('DisplayName:Website'),
          dataIndex: 'website',
          render: (v: string | null) =>
            v ? (
              <a href={v} target="_blank" rel="noreferrer">
                {v}
              </a>
            ) : null,
        },
        { key: 'description', title: LC('DisplayName:Description'), dataIndex: 'description', ellipsis: true },
        creationTimeColumn(LC('DisplayName:CreationTime')),
      ]}
      schema={schema}
      blank={{ name: '' }}
      toForm={(r) => r}
      fields={
        <>
          <TextField name="name" label={LC('DisplayName:Name')} autoFocus data-testid="brand-name" />
          <TextField name="nameEn" label={LC('DisplayName:NameEn')} data-testid="brand-name-en" />
          <TextField name="website" label={LC('DisplayName:Website')} placeholder="https://" />
          <CrudField name="description" label={LC('DisplayName:Description')}>
            <Input.TextArea rows={3} />
          </CrudField>
        </>
      }
    />
  );
}
