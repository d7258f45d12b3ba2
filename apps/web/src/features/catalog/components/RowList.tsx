import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton } from '../../../components/crud/index.ts';

export interface RowListProps {
  /** Form field holding the array. */
  name: string;
  label: ReactNode;
  addText: ReactNode;
  /** A new row's values. */
  blank: object;
  /**
   * The cells of one row (Form.Items named relative to the row). The row wraps on a narrow screen;
   * a cell may grow and shrink with a `flex` style on its Form.Item.
   */
  row(field: { name: number; key: number }): ReactNode;
  testid?: string;
}

/** Editable rows of a child list (attribute values, options, group items) inside a form. */
export function RowList({ name, label, addText, blank, row, testid }: RowListProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // keyboard users land in the row they just added
  const focusLast = () =>
    requestAnimationFrame(() => {
      const rows = box.current?.querySelectorAll('[data-row]');
      rows?.[rows.length - 1]?.querySelector<HTMLElement>('input, textarea')?.focus();
    });
  return (
    <Form.Item label={label} data-testid={testid}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <div ref={box}>
            {fields.map((field) => (
              <Flex key={field.key} data-row align="baseline" wrap gap={8} style={{ marginBottom: 4 }}>
                {row({ name: field.name, key: field.key })}
                <RemoveRowButton
                  label={t('crud.delete')}
                  onClick={() => remove(field.name)}
                  testid={testid ? `${testid}-remove-${field.name}` : undefined}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                add(blank);
                focusLast();
              }}
              data-testid={testid ? `${testid}-add` : undefined}
            >
              {addText}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
