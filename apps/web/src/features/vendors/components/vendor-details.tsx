import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { ListError } from '../../../components/paged-table';
import { formatMoney } from '../../../lib/format';
import { vendorQueryOptions } from '../api/vendors';
import { VendorMappings } from './vendor-mappings';
import { VendorServices } from './vendor-services';

/**
 * A vendor's page (issue "Vendors over the panel protocol": staff map a vendor's services on the vendor page): its
 * panel's services, loaded on demand, and the mapping of our products to them.
 */
export function VendorDetails({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('app');
  const one = useQuery(vendorQueryOptions(id));
  const vendor = one.data?.data;
  const missing = one.error instanceof ApiError && one.error.status === 404;
  const store =
    vendor?.store === 1
      ? ta('stores.googlePlay')
      : vendor?.store === 2
        ? ta('stores.appStore')
        : t('vendors.bothStores');

  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/vendors" />}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('vendors.page.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="vendor-page-title">
          {vendor?.vendor ?? t('vendors.page.untitled', { id })}
        </Title>
        {vendor && (
          <Group gap="xs" mt={4}>
            <Text c="dimmed">{store}</Text>
            <Badge variant="light" color={vendor.is_active ? 'teal' : 'gray'}>
              {vendor.is_active ? t('vendors.page.active') : t('vendors.page.inactive')}
            </Badge>
            <Badge
              variant="outline"
              color={vendor.api_url ? 'blue' : 'gray'}
              data-testid="vendor-page-protocol"
            >
              {vendor.api_url ? t(`vendors.protocols.${vendor.protocol}`) : t('vendors.sandboxBadge')}
            </Badge>
            {vendor.balance !== null && (
              <Text size="sm" c="dimmed" ff="monospace" data-testid="vendor-page-balance">
                {t('vendors.balance', {
                  amount: formatMoney(vendor.balance),
                  currency: vendor.balance_currency ?? '',
                })}
              </Text>
            )}
          </Group>
        )}
        <Text c="dimmed" mt={4} size="sm">
          {t('vendors.page.subtitle')}
        </Text>
      </div>
      {!missing && <ListError error={one.error} />}
      {missing && (
        <Alert color="yellow" data-testid="vendor-page-missing">
          {t('vendors.page.missing')}
        </Alert>
      )}
      {vendor && (
        <>
          <VendorServices vendorId={id} />
          <VendorMappings vendorId={id} />
        </>
      )}
    </Stack>
  );
}
