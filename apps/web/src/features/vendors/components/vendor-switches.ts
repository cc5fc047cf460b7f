import type { Vendor } from '@storelift/shared';

/** A vendor's switches per country, plus countries picked here that have no switch yet (active). */
export function countrySwitches(
  vendor: Pick<Vendor, 'countries'>,
  picked: readonly string[],
): { code: string; is_active: boolean }[] {
  const rows = vendor.countries.map(({ country, is_active }) => ({
    code: country.code.toUpperCase(),
    is_active,
  }));
  for (const code of picked) if (!rows.some((row) => row.code === code)) rows.push({ code, is_active: true });
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}
