import { PlusOutlined } from '@ant-design/icons';
import { postalRuleInput } from '@seller/contracts/logistics';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton, zodValueRule } from '../../../../components/crud/index.ts';
import { LL, postalInclusionOptions, postalKindOptions } from '../../api.ts';

const shape = postalRuleInput.shape;

/**
 * A zone's postal rules (`postalRules`), one line each: the country (one of the zone's), prefix or
 * range, include or exclude, the prefix or first code, and the last code for a range.
 */
export function PostalRules({ countryLabel }: { countryLabel(code: string): string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const countries: string[] = Form.useWatch('countries', form) ?? [];
  const box = useRef<HTMLDivElement>(null);
  // keyboard users land in the rule they just added
  const focusLast = () =>
    requestAnimationFrame(() => {
      const rows = box.current?.querySelectorAll('[data-rule]');
      rows?.[rows.length - 1]?.querySelector<HTMLElement>('input')?.focus();
    });
  const countryOptions = countries.map((code) => ({ value: code, label: countryLabel(code) }));

  return (
    <Form.Item label={LL('Zone:PostalRules')} extra={LL('Zone:PostalRulesHint')} data-testid="zone-rules">
      <Form.List name="postalRules">
        {(fields, { add, remove }) => (
          <div ref={box}>
            {fields.map((field) => (
              <Flex key={field.key} data-rule wrap gap={8} align="baseline" style={{ marginBottom: 4 }}>
                <Form.Item
                  name={[field.name, 'countryCode']}
                  rules={[zodValueRule(shape.countryCode, LL('Zone:RuleCountry'))]}
                  style={{ flex: '1 1 140px', marginBottom: 8 }}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={countryOptions}
                    placeholder={LL('Zone:RuleCountry')}
                    aria-label={LL('Zone:RuleCountry')}
                    data-testid={`zone-rule-${field.name}-country`}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} style={{ flex: '0 1 100px', marginBottom: 8 }}>
                  <Select
                    options={postalKindOptions()}
                    aria-label={LL('Zone:RuleKind')}
                    data-testid={`zone-rule-${field.name}-kind`}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'inclusion']} style={{ flex: '0 1 100px', marginBottom: 8 }}>
                  <Select
                    options={postalInclusionOptions()}
                    aria-label={LL('Zone:Inclusion')}
                    data-testid={`zone-rule-${field.name}-inclusion`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'from']}
                  rules={[zodValueRule(shape.from, LL('Zone:From'))]}
                  style={{ flex: '1 1 110px', marginBottom: 8 }}
                >
                  <Input
                    placeholder={LL('Zone:From')}
                    aria-label={LL('Zone:From')}
                    data-testid={`zone-rule-${field.name}-from`}
                  />
                </Form.Item>
                <Form.Item noStyle dependencies={[['postalRules', field.name, 'kind']]}>
                  {({ getFieldValue }) =>
                    getFieldValue(['postalRules', field.name, 'kind']) === 'RANGE' ? (
                      <Form.Item name={[field.name, 'to']} style={{ flex: '1 1 110px', marginBottom: 8 }}>
                        <Input
                          placeholder={LL('Zone:To')}
                          aria-label={LL('Zone:To')}
                          data-testid={`zone-rule-${field.name}-to`}
                        />
                      </Form.Item>
                    ) : null
                  }
                </Form.Item>
                <RemoveRowButton
                  label={t('crud.delete')}
                  onClick={() => remove(field.name)}
                  testid={`zone-rule-${field.name}-remove`}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                add({
                  countryCode: countries.length === 1 ? countries[0] : undefined,
                  kind: 'PREFIX',
                  inclusion: 'INCLUDE',
                });
                focusLast();
              }}
              data-testid="zone-rule-add"
            >
              {LL('Zone:AddPostalRule')}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
