import { Table, Text } from '@mantine/core';
import { toMoney, type CpiFigures } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format';

/** A ratio as shown: "4.2 %", or a dash when there is nothing to divide by. */
export const percentText = (value: string | null) => (value === null ? '—' : `${formatPercent(value)} %`);

/**
 * Figures per day or per country (the first column's `label`): impressions, clicks, CTR, installs,
 * conversion rate, spend and the actual cost per install, bold where it is above the target.
 */
export function CpiFiguresTable<Row extends CpiFigures>({
  rows,
  name,
  label,
  first,
  rowKey,
  targetCpi,
  testId,
}: {
  rows: readonly Row[];
  /** The region's name (by day, by country). */
  name: string;
  label: string;
  first: (row: Row) => string;
  rowKey: (row: Row) => string;
  targetCpi: string;
  testId: string;
}) {
  const { t } = useTranslation('cpi');
  const target = toMoney(targetCpi);
  const above = (cpi: string | null) => cpi !== null && target !== null && (toMoney(cpi) ?? 0n) > target;
  return (
    // A native scroller that takes focus, so the keyboard scrolls it (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={name}>
      <Table striped withTableBorder fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right">{t('report.impressions')}</Table.Th>
            <Table.Th ta="right">{t('report.clicks')}</Table.Th>
            <Table.Th ta="right">{t('report.ctr')}</Table.Th>
            <Table.Th ta="right">{t('report.installs')}</Table.Th>
            <Table.Th ta="right">{t('report.conversionRate')}</Table.Th>
            <Table.Th ta="right">{t('report.spend')}</Table.Th>
            <Table.Th ta="right">{t('report.cpi')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={`${testId}-${rowKey(row)}`}>
              <Table.Td>{first(row)}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatNumber(row.impressions)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatNumber(row.clicks)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {percentText(row.ctr)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatMoney(row.installs, row.installs.endsWith('.00') ? 0 : 2)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {percentText(row.conversion_rate)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatMoney(row.spend)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                <Text span inherit fw={above(row.cpi) ? 700 : undefined}>
                  {row.cpi === null ? '—' : formatMoney(row.cpi)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
