import {
  addressDto,
  addressInput,
  addressList,
  addressUpdateInput,
  bankAccountDto,
  bankAccountInput,
  bankAccountList,
  bankAccountUpdateInput,
  socialAccountDto,
  socialAccountInput,
  socialAccountList,
  socialAccountUpdateInput,
  subscriptionDto,
  subscriptionInput,
  subscriptionList,
  subscriptionUpdateInput,
} from '@seller/contracts/crm';

/**
 * What the API says of each of a customer's records: its url, tag, list declaration and schemas
 * (contracts only, no data: the routes and the records' declarations in `service.ts` share it).
 */
export const addressesHttp = {
  url: '/api/crm/addresses',
  tag: 'CrmAddresses',
  list: addressList,
  dto: addressDto,
  input: addressInput,
  updateInput: addressUpdateInput,
};

export const bankAccountsHttp = {
  url: '/api/crm/bank-accounts',
  tag: 'CrmBankAccounts',
  list: bankAccountList,
  dto: bankAccountDto,
  input: bankAccountInput,
  updateInput: bankAccountUpdateInput,
};

export const socialAccountsHttp = {
  url: '/api/crm/social-accounts',
  tag: 'CrmSocialAccounts',
  list: socialAccountList,
  dto: socialAccountDto,
  input: socialAccountInput,
  updateInput: socialAccountUpdateInput,
};

export const subscriptionsHttp = {
  url: '/api/crm/subscriptions',
  tag: 'CrmSubscriptions',
  list: subscriptionList,
  dto: subscriptionDto,
  input: subscriptionInput,
  updateInput: subscriptionUpdateInput,
};
