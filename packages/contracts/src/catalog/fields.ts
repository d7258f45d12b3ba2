/** The generic field builders, kept under their old name for the catalogue's schemas. */
export * from '../fields.ts';
