/** Input and output schemas of job reports. */
export {};
