import { screenAttributeInput, screenAttributeOptionInput } from '@seller/contracts/catalog';
import { type ScreenAttributeDto, screenAttributesApi } from '../../api.ts';
import { AttributePage } from '../../components/AttributePage.tsx';

/** /product/screen-attributes: filterable attributes (material, season) and their options. */
export default function ScreenAttributesPage() {
  return (
    <AttributePage<ScreenAttributeDto>
      testids={{ name: 'screen-attribute-name', list: 'screen-attribute-options' }}
      entity="ScreenAttribute"
      plural="ScreenAttributes"
      api={screenAttributesApi}
      formWidth={600}
      list="options"
      listLabel="Options"
      addText="AddOption"
      schema={screenAttributeInput}
      row={screenAttributeOptionInput}
      rowBlank={{ value: '' }}
      cells={[
        { name: 'value', label: 'Value', width: 180 },
        { name: 'valueEn', label: 'ValueEn', width: 180 },
      ]}
      tags={(r) => r.options.map((o) => ({ id: o.id, text: o.value }))}
    />
  );
}
