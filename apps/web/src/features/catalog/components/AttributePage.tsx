import { Form, Input, InputNumber, Tag } from 'antd';
import type { z } from 'zod';
import { CrudField, type ResourceApi, ResourcePage, TextField, zodValueRule } from '../../../components/crud/index.ts';
import { catalogResource, LC } from '../api.ts';
import { emptyNumber } from '../form.ts';
import { RowList } from './RowList.tsx';

// a type, not an interface: the form's values are a record of the list field named by `list`
type AttributeRow = {
  id: string;
  concurrencyStamp: string;
  name: string;
  nameEn: string | null;
  sort: number;
};

/** One input of a child row: the field, its `DisplayName` key (the placeholder) and width. */
export interface AttributeCell {
  name: string;
  label: string;
  width: number;
  maxLength?: number;
}

export interface AttributePageProps<T extends AttributeRow> {
  /** Test ids of the name input and the child rows (the page's follows from `plural`). */
  testids: { name: string; list: string };
  /** The entity and its plural, as `catalogResource` reads them. */
  entity: string;
  plural: string;
  api: ResourceApi<T>;
  formWidth: number;
  /** The child list field (`values`, `options`), its `DisplayName` key and its add button's key. */
  list: keyof T & string;
  listLabel: string;
  addText: string;
  /** The server's input schema: name, nameEn, sort and the child list (`list`). */
  schema: z.ZodObject<{ sort: z.ZodType } & Record<string, z.ZodType>>;
  /** The server's schema of one child row. */
  row: z.ZodObject;
  rowBlank: object;
  cells: AttributeCell[];
  /** The row's children as tags in the list. */
  tags(row: T): { id: string; text: string }[];
}

/** An attribute with a name, a sort and an ordered child list edited in rows (purchase values, screening options). */
export function AttributePage<T extends AttributeRow>(p: AttributePageProps<T>) {
  const schema = () => p.schema.extend({ sort: emptyNumber(p.schema.shape.sort) });
  const item = p.row.shape;
  return (
    <ResourcePage<T, ReturnType<typeof schema>>
      {...catalogResource(p.entity, p.plural)}
      api={p.api}
      defaultSorting="sort asc"
      formWidth={p.formWidth}
      label={(r) => r.name}
      columns={[
        { key: 'name', title: LC('DisplayName:Name'), dataIndex: 'name', sortField: 'name' },
        { key: 'nameEn', title: LC('DisplayName:NameEn'), dataIndex: 'nameEn' },
        {
          key: p.list,
          title: LC(`DisplayName:${p.listLabel}`),
          dataIndex: p.list,
          render: (_: unknown, r: T) => p.tags(r).map((c) => <Tag key={c.id}>{c.text}</Tag>),
        },
        { key: 'sort', title: LC('DisplayName:Sort'), dataIndex: 'sort', sortField: 'sort' },
      ]}
      schema={schema}
      blank={{ name: '', sort: 0, [p.list]: [] }}
      toForm={(r) => r}
      // the rows' order is their sort
      toInput={(values) => ({
        ...values,
        [p.list]: ((values[p.list] ?? []) as object[]).map((row, i) => ({ ...row, sort: i })),
      })}
      fields={
        <>
          <TextField name="name" label={LC('DisplayName:Name')} autoFocus data-testid={p.testids.name} />
          <TextField name="nameEn" label={LC('DisplayName:NameEn')} />
          <CrudField name="sort" label={LC('DisplayName:Sort')}>
            <InputNumber style={{ width: 160 }} />
          </CrudField>
          <RowList
            name={p.list}
            label={LC(`DisplayName:${p.listLabel}`)}
            addText={LC(p.addText)}
            blank={p.rowBlank}
            testid={p.testids.list}
            row={(f) =>
              p.cells.map((c) => (
                <Form.Item
                  key={c.name}
                  name={[f.name, c.name]}
                  rules={[zodValueRule(item[c.name], LC(`DisplayName:${c.label}`))]}
                >
                  <Input
                    placeholder={LC(`DisplayName:${c.label}`)}
                    style={{ width: c.width }}
                    maxLength={c.maxLength}
                  />
                </Form.Item>
              ))
            }
          />
        </>
      }
    />
  );
}
