/** Input and output schemas of order tracking. */
export {};
