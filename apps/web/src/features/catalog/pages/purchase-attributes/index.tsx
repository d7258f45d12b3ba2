import { z } from 'zod';
import { type PurchaseAttributeDto, purchaseAttributesApi } from '../../api.ts';
import { AttributePage } from '../../components/AttributePage.tsx';
import { code, optionalText, text } from '../../form.ts';

const valueSchema = () =>
  z.object({
    id: z.string().optional(),
    value: text('Value', 128),
    valueEn: optionalText('ValueEn', 128),
    code: code('ValueCode', 8),
  });

/** /product/purchase-attributes: variant-defining attributes and their values with SKU codes. */
export default function PurchaseAttributesPage() {
  return (
    <AttributePage<PurchaseAttributeDto>
      testids={{ page: 'purchase-attributes', name: 'purchase-attribute-name', list: 'purchase-attribute-values' }}
      entity="PurchaseAttribute"
      title="PurchaseAttributes"
      permission="Catalog.PurchaseAttributes"
      api={purchaseAttributesApi}
      formWidth={640}
      list="values"
      listLabel="Values"
      addText="AddValue"
      row={valueSchema}
      rowBlank={{ value: '', code: '' }}
      cells={[
        { name: 'value', label: 'Value', width: 140 },
        { name: 'valueEn', label: 'ValueEn', width: 140 },
        { name: 'code', label: 'ValueCode', width: 110, maxLength: 8 },
      ]}
      tags={(r) => r.values.map((v) => ({ id: v.id, text: `${v.value} · ${v.code}` }))}
    />
  );
}
