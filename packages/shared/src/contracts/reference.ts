import { z } from 'zod';

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  geo: z.string().nullable(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.object({ data: z.array(countrySchema) });
export type CountryList = z.infer<typeof countryListSchema>;
export const countryOneSchema = z.object({ data: countrySchema });
/** `country/get-filters`: country codes per GEO group. */
export const countryFiltersSchema = z.object({ data: z.record(z.string(), z.array(z.string())) });
export type CountryFilters = z.infer<typeof countryFiltersSchema>;

export const languageSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const languageListSchema = z.object({ data: z.array(languageSchema) });
export type LanguageList = z.infer<typeof languageListSchema>;
export type Language = z.infer<typeof languageSchema>;

/**
 * `GET constants`: the enumerations of customer-area §9 keyed by name, and the product types this
 * deployment sells (`orderableProductTypes`: Add campaigns and the price list offer only those).
 */
export const constantsResponseSchema = z.object({
  data: z.looseObject({ orderableProductTypes: z.array(z.number().int()) }),
});
export type ConstantsResponse = z.infer<typeof constantsResponseSchema>;
