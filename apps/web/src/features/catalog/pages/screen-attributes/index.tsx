import { z } from 'zod';
import { type ScreenAttributeDto, screenAttributesApi } from '../../api.ts';
import { AttributePage } from '../../components/AttributePage.tsx';
import { optionalText, text } from '../../form.ts';

const optionSchema = () =>
  z.object({ id: z.string().optional(), value: text('Value', 128), valueEn: optionalText('ValueEn', 128) });

/** /product/screen-attributes: filterable attributes (material, season) and their options. */
export default function ScreenAttributesPage() {
  return (
    <AttributePage<ScreenAttributeDto>
      testids={{ page: 'screen-attributes', name: 'screen-attribute-name', list: 'screen-attribute-options' }}
      entity="ScreenAttribute"
      title="ScreenAttributes"
      permission="Catalog.ScreenAttributes"
      api={screenAttributesApi}
      formWidth={600}
      list="options"
      listLabel="Options"
      addText="AddOption"
      row={optionSchema}
      rowBlank={{ value: '' }}
      cells={[
        { name: 'value', label: 'Value', width: 180 },
        { name: 'valueEn', label: 'ValueEn', width: 180 },
      ]}
      tags={(r) => r.options.map((o) => ({ id: o.id, text: o.value }))}
    />
  );
}
