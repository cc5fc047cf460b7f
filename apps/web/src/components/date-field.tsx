import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/es';
import 'dayjs/locale/ru';
import 'dayjs/locale/uk';
import { useTranslation } from 'react-i18next';

const TYPED_DAY = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/;

/** A day typed as DD.MM.YYYY (or with / or -) as YYYY-MM-DD, or null when it is no real day. */
export function parseTypedDay(text: string): string | null {
  const match = TYPED_DAY.exec(text);
  if (!match) return /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? text.trim() : null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange'> & {
  /** The day as YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (day: string) => void;
};

/**
 * A day field (customer-area §9): shown and typed as DD.MM.YYYY in every language, its calendar in the
 * interface language with Monday first, its buttons named in that language; the value is a YYYY-MM-DD day.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      dateParser={parseTypedDay}
      placeholder={t('library.datePlaceholder')}
      locale={i18n.language.slice(0, 2)}
      firstDayOfWeek={1}
      nextLabel={t('library.nextMonth')}
      previousLabel={t('library.previousMonth')}
      ariaLabels={{
        nextMonth: t('library.nextMonth'),
        previousMonth: t('library.previousMonth'),
        nextYear: t('library.nextYear'),
        previousYear: t('library.previousYear'),
        nextDecade: t('library.nextDecade'),
        previousDecade: t('library.previousDecade'),
        monthLevelControl: t('library.monthLevel'),
        yearLevelControl: t('library.yearLevel'),
      }}
      clearButtonProps={{ 'aria-label': t('library.clear') }}
      popoverProps={{ withinPortal: true }}
      {...props}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
