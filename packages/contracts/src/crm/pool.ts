/** Input and output schemas of the public pool. */
export {};
