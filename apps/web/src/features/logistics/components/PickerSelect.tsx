import { Select, type SelectProps } from 'antd';
import type { PickerOption } from '../freight-api.ts';

export interface PickerSelectProps extends Omit<SelectProps, 'options' | 'loading'> {
  /** What a picker hook gives (`useWarehouseOptions()`, …): its options, loading until they come. */
  picker: { options: PickerOption[]; loading: boolean };
}

/** A select over one of the area's pickers (warehouses, channels, strategies), searched by its labels. */
export function PickerSelect({ picker, ...select }: PickerSelectProps) {
  return (
    <Select showSearch={{ optionFilterProp: 'label' }} options={picker.options} loading={picker.loading} {...select} />
  );
}
