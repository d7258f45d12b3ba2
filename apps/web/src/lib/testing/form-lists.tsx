import { Form, Input } from 'antd';

/**
 * A form list of rows with one `key` input each, under `specs` (like the product form's
 * specifications): what the form tests put an error of a row on.
 */
export function SpecRows() {
  return (
    <Form.List name="specs">
      {(rows) =>
        rows.map((row) => (
          <Form.Item key={row.key} name={[row.name, 'key']}>
            <Input />
          </Form.Item>
        ))
      }
    </Form.List>
  );
}
