import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/paged-table';
import { vendorShortListQueryOptions } from '../api/vendors';
import { VendorMappings } from './vendor-mappings';
import { VendorServices } from './vendor-services';

/**
 * A vendor's page (issue "Vendors over the panel protocol": staff map a vendor's services on the vendor page): its
 * panel's services, loaded on demand, and the mapping of our products to them.
 */
export function VendorDetails({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('app');
  const list = useQuery(vendorShortListQueryOptions());
  const vendor = list.data?.data.find((entry) => entry.id === id);
  const missing = list.data !== undefined && vendor === undefined;
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
          </Group>
        )}
        <Text c="dimmed" mt={4} size="sm">
          {t('vendors.page.subtitle')}
        </Text>
      </div>
      <ListError error={list.error} />
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
