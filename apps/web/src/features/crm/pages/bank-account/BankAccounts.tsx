import { bankAccountInput, bankAccountList, bankAccountUpdateInput } from '@seller/contracts/crm';
import { Input } from 'antd';
import { CrudField, resourceTitles, TextField } from '../../../../components/crud/index.ts';
import { type BankAccount, RL, recordsApi } from '../../api/records.ts';
import { DefaultField, DefaultTag, RecordList } from '../address/RecordList.tsx';

/**
 * A customer's bank accounts (one default per customer): the number is only ever shown masked;
 * an edit leaves it empty to keep the stored one.
 */
export function BankAccounts({ customerId }: { customerId?: string }) {
  return (
    <RecordList<BankAccount>
      testid="crm-bank-accounts"
      list={bankAccountList}
      api={recordsApi.bankAccounts}
      {...resourceTitles(RL, 'BankAccounts', 'NewBankAccount', 'EditBankAccount')}
      customerId={customerId}
      filters={[
        {
          key: 'currency',
          label: RL('Currency'),
          options: ['CNY', 'USD', 'EUR', 'HKD', 'MYR', 'SGD', 'THB'].map((c) => ({ value: c, label: c })),
        },
      ]}
      render={{
        accountNumberMasked: (r) => (
          <>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{r.accountNumberMasked}</span>
            {r.isDefault && <DefaultTag />}
          </>
        ),
      }}
      createSchema={bankAccountInput}
      updateSchema={bankAccountUpdateInput}
      blank={{ isDefault: false, currency: 'CNY' }}
      toForm={(r) => ({
        bankName: r.bankName,
        accountName: r.accountName,
        accountNumber: '',
        swift: r.swift ?? '',
        currency: r.currency,
        isDefault: r.isDefault,
        remark: r.remark ?? '',
      })}
      label={(r) => r.accountNumberMasked.slice(-4)}
      fields={(editing) => (
        <>
          <TextField name="bankName" label={RL('BankName')} maxLength={128} data-testid="bank-bankName" />
          <TextField name="accountName" label={RL('AccountName')} maxLength={128} data-testid="bank-accountName" />
          <CrudField
            name="accountNumber"
            label={RL('AccountNumber')}
            extra={editing === 'new' ? undefined : RL('AccountNumberKeep', editing.accountNumberMasked)}
          >
            <Input maxLength={40} autoComplete="off" data-testid="bank-accountNumber" />
          </CrudField>
          <TextField name="swift" label={RL('Swift')} maxLength={11} style={{ width: 180 }} data-testid="bank-swift" />
          <TextField
            name="currency"
            label={RL('Currency')}
            maxLength={3}
            style={{ width: 100 }}
            data-testid="bank-currency"
          />
          <DefaultField />
          <CrudField name="remark" label={RL('Remark')}>
            <Input.TextArea maxLength={512} rows={2} />
          </CrudField>
        </>
      )}
    />
  );
}
