import { Tag } from 'antd';
import type { CrudColumn } from './CrudPage.tsx';

/** A sortable column of an entity's `isActive`: a green tag when active, a plain one when not. */
export function activeColumn<T>(title: string, texts: { active: string; inactive: string }): CrudColumn<T> {
  return {
    key: 'isActive',
    title,
    dataIndex: 'isActive',
    sortField: 'isActive',
    fit: { texts: [texts.active, texts.inactive], tag: true },
    render: (v: boolean) => (v ? <Tag color="success">{texts.active}</Tag> : <Tag>{texts.inactive}</Tag>),
  };
}

/** A sortable column of an entity's creation time in the browser's locale, hidden at first unless said. */
export function creationTimeColumn<T>(title: string, hidden = true): CrudColumn<T> {
  return {
    key: 'creationTime',
    title,
    dataIndex: 'creationTime',
    sortField: 'creationTime',
    defaultHidden: hidden,
    render: (v: string) => new Date(v).toLocaleString(),
  };
}

/** A sortable column of a text, tagged on the row that is the default (`isDefault`). */
export function defaultTaggedColumn<T extends { isDefault: boolean }>(
  field: keyof T & string,
  title: string,
  defaultText: string,
): CrudColumn<T> {
  return {
    key: field,
    title,
    dataIndex: field,
    sortField: field,
    render: (v: string, r) => (
      <>
        {v} {r.isDefault && <Tag color="blue">{defaultText}</Tag>}
      </>
    ),
  };
}
