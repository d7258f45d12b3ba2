import {
  board,
  businessListService,
  customerOptions,
  funnel,
  getBusiness,
  ownerOptions,
  productOptions,
} from './service.ts';
import { stageGroup, stageGroups } from './stages.ts';

/**
 * Businesses' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx`, the context and, where who sees a business decides, the caller's viewer
 * (`customerQueries.viewer`, read before the unit).
 */
export const businessQueries = {
  /** The business list (the list kit: its page and export), through the customers the viewer sees. */
  list: businessListService,
  /** A business with its products. */
  get: getBusiness,
  board,
  funnel,
  customerOptions,
  ownerOptions,
  productOptions,
  /** The stage groups (the default one created on first use). */
  stageGroups,
  stageGroup,
};
