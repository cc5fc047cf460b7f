/** Query values are kept as plain strings: a token like "1e5" must not turn into a number. */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A search validator keeping only the named string values. */
export function stringParams<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const result: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string' && value !== '') result[key] = value;
      else if (typeof value === 'number') result[key] = String(value);
    }
    return result;
  };
}

/** The Keywords page's query values (customer-area §2), kept only when well-formed. */
export interface KeywordsSearch {
  packageId?: string;
  /** "1" Google Play, "2" App Store. */
  appstore?: string;
  /** ISO code, uppercased. */
  country?: string;
}

/** Validates /keywords?packageId=&appstore=&country= (the id's form per store is checked on the page). */
export function keywordsSearch(search: Record<string, unknown>): KeywordsSearch {
  const result: KeywordsSearch = {};
  const { packageId, appstore, country } = search;
  if (typeof packageId === 'string' && /^[\w.]{1,255}$/.test(packageId)) result.packageId = packageId;
  const store = String(appstore);
  if (store === '1' || store === 'android') result.appstore = '1';
  else if (store === '2' || store === 'ios') result.appstore = '2';
  if (typeof country === 'string' && /^[a-z]{2}$/i.test(country)) result.country = country.toUpperCase();
  return result;
}
