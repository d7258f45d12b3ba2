/** Input and output schemas of customers. */
export {};
