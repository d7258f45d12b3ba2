import { purchaseAttributeInput, purchaseAttributeValueInput } from '@seller/contracts/catalog';
import { type PurchaseAttributeDto, purchaseAttributesApi } from '../../api.ts';
import { AttributePage } from '../../components/AttributePage.tsx';

/** /product/purchase-attributes: variant-defining attributes and their values with SKU codes. */
export default function PurchaseAttributesPage() {
  return (
    <AttributePage<PurchaseAttributeDto>
      testids={{ name: 'purchase-attribute-name', list: 'purchase-attribute-values' }}
      entity="PurchaseAttribute"
      plural="PurchaseAttributes"
      api={purchaseAttributesApi}
      formWidth={640}
      list="values"
      listLabel="Values"
      addText="AddValue"
      schema={purchaseAttributeInput}
      row={purchaseAttributeValueInput}
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
