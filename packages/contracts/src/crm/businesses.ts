/** Input and output schemas of businesses and their stage groups. */
export {};
