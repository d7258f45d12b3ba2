/** Input and output schemas of tags. */
export {};
