/** The master-data schemas live in `@seller/contracts/catalog`, shared with the web; this re-export serves older imports. */
export * from '@seller/contracts/catalog';
