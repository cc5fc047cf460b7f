import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { keywordCountQueryOptions, type KeywordScope } from '../api/keywords';

/**
 * The Keywords page's country: the countries the app is tracked in first (with their keyword counts),
 * then every other (choosing one starts tracking the app there with its first keyword).
 */
export function KeywordCountryPicker({
  scope,
  tracked,
  onChange,
}: {
  scope: KeywordScope;
  tracked: readonly string[];
  onChange: (country: string) => void;
}) {
  const { t } = useTranslation('app');
  const counts = useQuery(keywordCountQueryOptions({ packageId: scope.packageId, appstore: scope.appstore }));
  const extra = useMemo(
    () =>
      Object.fromEntries(
        (counts.data?.countries ?? []).map(({ country, count }) => [country.toUpperCase(), String(count)]),
      ),
    [counts.data],
  );
  const priority = useMemo(() => {
    const codes = new Set(tracked.map((code) => code.toUpperCase()));
    for (const code of Object.keys(extra)) codes.add(code);
    return [...codes];
  }, [tracked, extra]);

  return (
    <CountrySelect
      label={t('keywords.country')}
      value={scope.country}
      onChange={onChange}
      priority={priority}
      priorityLabel={t('countries.tracked')}
      otherLabel={t('countries.other')}
      extra={extra}
      data-testid="keyword-country"
    />
  );
}
