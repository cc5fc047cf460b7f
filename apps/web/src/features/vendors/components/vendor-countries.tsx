import { useState } from 'react';
import { Drawer, Group, Stack, Switch, Table, Text } from '@mantine/core';
import type { Vendor } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { showApiError } from '../../../components/error-modal';
import { countryName } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useVendorCountryActivity } from '../api/vendors';
import { countrySwitches } from './vendor-switches';

/**
 * The per-country activity of a vendor (staff-admin §2): a country without a switch is active; picking a
 * country lists its switch, and each switch is saved at once.
 */
export function VendorCountries({ vendor, onClose }: { vendor: Vendor | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const [picked, setPicked] = useState<string[]>([]);
  const [shownId, setShownId] = useState(vendor?.id);
  if (vendor?.id !== shownId) {
    setShownId(vendor?.id);
    setPicked([]);
  }
  const toggle = useVendorCountryActivity();
  const rows = vendor ? countrySwitches(vendor, picked) : [];

  return (
    <Drawer
      opened={vendor !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={vendor ? t('vendors.countries.title', { name: vendor.vendor }) : ''}
      data-testid="vendor-countries"
    >
      {vendor && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('vendors.countries.hint')}
          </Text>
          <CountrySelect
            label={t('vendors.countries.add')}
            placeholder={t('vendors.countries.addPlaceholder')}
            value=""
            onChange={(code) => setPicked((current) => [...current, code])}
            data-testid="vendor-country-pick"
          />
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('vendors.countries.none')}
            </Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.code}>
                    <Table.Td>
                      {countryName(row.code, i18n.language)} ({row.code})
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Switch
                          checked={row.is_active}
                          aria-label={t('vendors.countries.switch', { country: row.code })}
                          disabled={toggle.isPending && toggle.variables.country === row.code}
                          onChange={(event) =>
                            toggle.mutate(
                              { id: vendor.id, country: row.code, is_active: event.currentTarget.checked },
                              {
                                onSuccess: (answer) => notifySuccess(translateMessage(answer.message ?? '')),
                                onError: showApiError,
                              },
                            )
                          }
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
