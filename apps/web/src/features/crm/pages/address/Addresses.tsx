import { AddressTypes, addressInput, addressList, addressUpdateInput } from '@seller/contracts/crm';
import { Radio, Typography } from 'antd';
import { CountrySelect } from '../../../../components/CountrySelect.tsx';
import { CrudField, resourceTitles, TextField } from '../../../../components/crud/index.ts';
import { optionsOf } from '../../../../lib/options.ts';
import { type Address, RL, recordsApi } from '../../api/records.ts';
import { DefaultField, DefaultTag, RecordList } from './RecordList.tsx';

const addressTypes = optionsOf(AddressTypes, (v) => RL(`AddressType:${v}`));
const place = (r: Address) =>
  [r.addressLine1, r.addressLine2, r.city, r.province, r.postcode].filter(Boolean).join(', ');

/** A customer's shipping and billing addresses (one default per customer): the page's list or a customer's tab. */
export function Addresses({ customerId }: { customerId?: string }) {
  return (
    <RecordList<Address>
      testid="crm-addresses"
      list={addressList}
      api={recordsApi.addresses}
      {...resourceTitles(RL, 'Addresses', 'NewAddress', 'EditAddress')}
      customerId={customerId}
      filters={[{ key: 'type', label: RL('Type'), options: addressTypes() }]}
      render={{
        type: (r) => (
          <>
            {RL(`AddressType:${r.type}`)}
            {r.isDefault && <DefaultTag testid={`address-default-${r.contactName}`} />}
          </>
        ),
        // the whole place under the first line's header
        addressLine1: (r) => (
          <Typography.Text ellipsis style={{ display: 'block' }} title={place(r)}>
            {place(r)}
          </Typography.Text>
        ),
      }}
      createSchema={addressInput}
      updateSchema={addressUpdateInput}
      blank={{ type: 'SHIPPING', isDefault: false }}
      toForm={(r) => ({
        type: r.type,
        contactName: r.contactName,
        phone: r.phone ?? '',
        country: r.country,
        province: r.province ?? '',
        city: r.city ?? '',
        addressLine1: r.addressLine1,
        addressLine2: r.addressLine2 ?? '',
        postcode: r.postcode ?? '',
        isDefault: r.isDefault,
      })}
      label={(r) => r.contactName}
      fields={() => (
        <>
          <CrudField name="type" label={RL('Type')}>
            <Radio.Group options={addressTypes()} />
          </CrudField>
          <TextField name="contactName" label={RL('ContactName')} maxLength={64} data-testid="address-contactName" />
          <TextField name="phone" label={RL('Phone')} maxLength={32} data-testid="address-phone" />
          <CrudField name="country" label={RL('Country')}>
            <CountrySelect data-testid="address-country" />
          </CrudField>
          <TextField name="province" label={RL('Province')} maxLength={64} />
          <TextField name="city" label={RL('City')} maxLength={64} data-testid="address-city" />
          <TextField name="addressLine1" label={RL('AddressLine1')} maxLength={256} data-testid="address-line1" />
          <TextField name="addressLine2" label={RL('AddressLine2')} maxLength={256} />
          <TextField name="postcode" label={RL('Postcode')} maxLength={16} style={{ width: 160 }} />
          <DefaultField testid="address-isDefault" />
        </>
      )}
    />
  );
}
