import type { Culture } from '@seller/contracts/constants';
import type { Json } from '@seller/contracts/fields';
import {
  type CarrierType,
  CarrierTypes,
  type carrierDto,
  type channelDto,
  type countryDto,
  type countryEnableInput,
  type FeeMode,
  FeeModes,
  PostalInclusions,
  PostalRuleKinds,
  type rateImportResult,
  type rateRowDto,
  type rateTableDto,
  type rateTableInput,
  type TransportMode,
  TransportModes,
  type VolumeMode,
  VolumeModes,
  type WarehouseType,
  WarehouseTypes,
  type warehouseDto,
  type zoneDto,
} from '@seller/contracts/logistics';
import type { z } from 'zod';
import { downloadExport, type ResourceApi, resourceApi } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { HttpError, notifyUnlessFieldErrors } from '../../lib/http/errors.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';
import { optionsOf } from '../../lib/options.ts';

/** Logistics (`/api/logistics/...`): shapes (the server's output schemas, as JSON), calls and texts. */

export type WarehouseDto = Json<z.infer<typeof warehouseDto>>;
export type CountryDto = Json<z.infer<typeof countryDto>>;
export type ZoneDto = Json<z.infer<typeof zoneDto>>;
export type CarrierDto = Json<z.infer<typeof carrierDto>>;
export type ChannelDto = Json<z.infer<typeof channelDto>>;
export type RateRowDto = Json<z.infer<typeof rateRowDto>>;
export type RateTableDto = Json<z.infer<typeof rateTableDto>>;
export type RateImportResult = z.infer<typeof rateImportResult>;

export const warehousesApi = resourceApi<WarehouseDto>('/api/logistics/warehouses');
export const zonesApi = resourceApi<ZoneDto>('/api/logistics/zones');
export const carriersApi = resourceApi<CarrierDto>('/api/logistics/carriers');
export const channelsApi = resourceApi<ChannelDto>('/api/logistics/channels');

/** Query keys: a write invalidates its prefix (`carriers` covers the channels, whose counts the carriers show). */
export const logisticsKeys = {
  countries: ['logistics', 'countries'] as const,
  countryPicker: ['logistics', 'countries', 'all'] as const,
  zones: ['logistics', 'zones'] as const,
  zonePicker: ['logistics', 'zones', 'all'] as const,
  carriers: ['logistics', 'carriers'] as const,
  channels: (carrierId: string) => ['logistics', 'carriers', 'channels', carrierId] as const,
  rates: (channelId: string) => ['logistics', 'rates', channelId] as const,
};

/** The countries list of the list kit (`countryList`): the page, `/export`. */
export const countriesUrl = '/api/logistics/countries';

/** Countries: the ISO list with the tenant's choice; enabling and disabling some. */
export const countriesApi = {
  /** The enabled ones, for pickers. */
  all: () => http.get<ListResult<CountryDto>>(`${countriesUrl}/all`),
  setEnabled: (input: z.input<typeof countryEnableInput>) => http.put<void>(`${countriesUrl}/enabled`, input),
};

/** The channels resource narrowed to one carrier (`?carrierId=`). */
export function carrierChannelsApi(carrierId: string): ResourceApi<ChannelDto> {
  return {
    ...channelsApi,
    list: (q, signal) => http.get<PagedResult<ChannelDto>>(channelsApi.url, { ...q, carrierId }, { signal }),
    all: () => http.get<ListResult<ChannelDto>>(`${channelsApi.url}/all`, { carrierId }),
  };
}

const ratesUrl = (channelId: string) => `${channelsApi.url}/${encodeURIComponent(channelId)}/rates`;

/** A channel's rate table: read, replaced whole, exported and imported as .xlsx. */
export const ratesApi = {
  get: (channelId: string) => http.get<RateTableDto>(ratesUrl(channelId)),
  put: (channelId: string, input: z.input<typeof rateTableInput>) =>
    http.put<RateTableDto | undefined>(ratesUrl(channelId), input),
  export: (channelId: string, fileName: string) => downloadExport(`${ratesUrl(channelId)}/export`, {}, fileName),
  /** A refused sheet is a 400 listing its rows (shown by the page, not as a notification). */
  import: (channelId: string, file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.request<RateImportResult>(`${ratesUrl(channelId)}/import`, {
      method: 'POST',
      multipart: form,
      timeoutMs: 120_000,
      notify: notifyUnlessFieldErrors,
    });
  },
};

/** Texts of the logistics pages (server resource `Logistics`). */
export const LL = (key: string, ...args: unknown[]) => localize(`Logistics::${key}`, ...args);

export const warehouseTypeLabel = (type: WarehouseType) => LL(`WarehouseType:${type}`);
export const warehouseTypeOptions = optionsOf(WarehouseTypes, warehouseTypeLabel);

export const carrierTypeLabel = (type: CarrierType) => LL(`CarrierType:${type}`);
export const carrierTypeOptions = optionsOf(CarrierTypes, carrierTypeLabel);
export const transportModeLabel = (mode: TransportMode) => LL(`TransportMode:${mode}`);
export const transportModeOptions = optionsOf(TransportModes, transportModeLabel);
export const volumeModeLabel = (mode: VolumeMode) => LL(`VolumeMode:${mode}`);
export const volumeModeOptions = optionsOf(VolumeModes, volumeModeLabel);
export const feeModeLabel = (mode: FeeMode) => LL(`FeeMode:${mode}`);
export const feeModeOptions = optionsOf(FeeModes, feeModeLabel);
export const postalKindOptions = optionsOf(PostalRuleKinds, (k) => LL(`Zone:Kind:${k}`));
export const postalInclusionOptions = optionsOf(PostalInclusions, (k) => LL(`Zone:Inclusion:${k}`));

/** A country's name in the UI language. */
export const countryName = (c: Pick<CountryDto, 'nameEn' | 'nameZh'>, culture: Culture) =>
  culture === 'en' ? c.nameEn : c.nameZh;

/** An error the server put on members (`rows.3.weightFrom`), else undefined. */
export const validationErrorsOf = (e: unknown) =>
  e instanceof HttpError && e.validationErrors.length > 0 ? e.validationErrors : undefined;
