/** Input and output schemas of a customer's addresses, bank accounts, social accounts and subscriptions. */
export {};
