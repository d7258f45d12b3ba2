import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Two-letter codes the region names know that are not countries or territories (EU, UN, test codes). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The countries and territories (ISO 3166-1 alpha-2) with their names in `culture`, by name: the
 * browser's own region names, so no list is kept here.
 */
export function countryOptions(culture: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([culture === 'zh-Hans' ? 'zh-Hans' : 'en'], { type: 'region', fallback: 'none' });
  const out: { value: string; label: string }[] = [];
  for (const a of LETTERS)
    for (const b of LETTERS) {
      const code = a + b;
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name && name !== code) out.push({ value: code, label: `${name} (${code})` });
    }
  return out.sort((x, y) => x.label.localeCompare(y.label, culture));
}

/** A country picked by its name in the user's language, kept as its ISO code (`MY`). */
export function CountrySelect(props: Omit<SelectProps<string>, 'options' | 'showSearch'>) {
  const { i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  // not virtual: every option is in the list, so a test (or a screen reader) finds any by its name
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      virtual={false}
      options={options}
      {...props}
    />
  );
}
