import {
  assertCountriesKnown,
  countryListService,
  countryState,
  countryStates,
  enabledCountries,
  unknownCountries,
} from './service.ts';

export type { CountryState } from './service.ts';

/** Countries' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's `tx` and the context. */
export const countryQueries = {
  /** The ISO list with the tenant's choice (the list kit: its page and export). */
  list: countryListService,
  /** Every country the tenant has enabled, by code (for pickers). */
  enabled: enabledCountries,
  /** Whether each code is unknown, disabled or enabled for the tenant. */
  states: countryStates,
  state: countryState,
  /** The refusals for codes not in the ISO list, `[member, code]` pairs in. */
  unknown: unknownCountries,
  /** A 400 naming every member whose code is not in the ISO list. */
  assertKnown: assertCountriesKnown,
};
