import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { COUNTRIES } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { countryName } from '../lib/format';

type CountrySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
  /** Countries listed first, in their own group (e.g. where the app is tracked). */
  priority?: readonly string[];
  priorityLabel?: string;
  otherLabel?: string;
  /** Text after a country's name, by code (e.g. its keyword count). */
  extra?: Readonly<Record<string, string>>;
};

/** A searchable country picker: "Name (CODE)", the priority countries first. */
export function CountrySelect({
  value,
  onChange,
  priority = [],
  priorityLabel,
  otherLabel,
  extra,
  ...props
}: CountrySelectProps) {
  const { i18n, t } = useTranslation();
  const language = i18n.language;
  const data = useMemo(() => {
    const item = (code: string) => ({
      value: code,
      label: `${countryName(code, language)} (${code})${extra?.[code] ? ` · ${extra[code]}` : ''}`,
    });
    const first = new Set(priority);
    const rest = COUNTRIES.map(({ code }) => code)
      .filter((code) => !first.has(code))
      .map(item)
      .sort((a, b) => a.label.localeCompare(b.label, language));
    if (first.size === 0) return rest;
    return [
      { group: priorityLabel ?? '', items: [...first].map(item) },
      { group: otherLabel ?? '', items: rest },
    ];
  }, [language, priority, priorityLabel, otherLabel, extra]);

  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('common.nothingFound')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value || null}
      onChange={(code) => code && onChange(code)}
    />
  );
}
