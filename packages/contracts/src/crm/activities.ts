/** Input and output schemas of follow-up records. */
export {};
