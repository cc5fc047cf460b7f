import {
  CloseButton,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { PRODUCT_TYPES, type Vendor } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { formModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveVendor } from '../api/vendors';
import {
  emptyVendorValues,
  vendorBody,
  vendorFormSchema,
  vendorValues,
  type VendorFormValues,
} from './vendor-form';

const loadSchema = () => Promise.resolve(vendorFormSchema);

/** The product types a vendor can take (staff-admin §9, every numbered type). */
const PRODUCTS = Object.values(PRODUCT_TYPES).filter((type) => type !== PRODUCT_TYPES.undefined);

/**
 * Creates a vendor (`vendor` undefined) or edits one: store, name, country, mature, products, share, active, and
 * how its API is spoken to (protocol, URL, key) with the balance below which staff get a notice.
 */
export const VendorModal = formModal(VendorForm, function useHeading({ vendor }) {
  const { t } = useTranslation('admin');
  return {
    title: vendor ? t('vendors.form.editTitle', { name: vendor.vendor }) : t('vendors.form.createTitle'),
    testId: 'vendor-modal',
    size: 'lg',
  };
});

function VendorForm({ vendor, onClose }: { vendor?: Vendor; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('app');
  const { t: tc } = useTranslation('campaigns');
  const form = useSchemaForm<VendorFormValues>(
    loadSchema,
    vendor ? vendorValues(vendor) : emptyVendorValues(),
  );
  const save = useSaveVendor();

  const countryError = form.getInputProps('country').error;
  return (
    <ModalForm
      form={form}
      save={(values) => save.mutateAsync({ id: vendor?.id, body: vendorBody(values) })}
      onClose={onClose}
      submitLabel={t('vendors.form.save')}
      submitTestId="vendor-save"
    >
      <TextInput
        label={t('vendors.form.name')}
        required
        data-autofocus
        data-testid="vendor-name"
        {...form.getInputProps('vendor')}
      />
      <Input.Wrapper label={t('vendors.form.store')}>
        <SegmentedControl
          fullWidth
          mt={4}
          value={form.values.store}
          onChange={(value) => form.setFieldValue('store', value as VendorFormValues['store'])}
          data={[
            { value: '', label: t('vendors.bothStores') },
            { value: '1', label: ta('stores.googlePlay') },
            { value: '2', label: ta('stores.appStore') },
          ]}
        />
      </Input.Wrapper>
      <CountrySelect
        label={t('vendors.form.country')}
        placeholder={t('vendors.allCountries')}
        value={form.values.country}
        onChange={(code) => form.setFieldValue('country', code)}
        error={countryError}
        rightSection={
          form.values.country ? (
            <CloseButton
              size="sm"
              aria-label={t('vendors.allCountries')}
              onClick={() => form.setFieldValue('country', '')}
            />
          ) : undefined
        }
        rightSectionPointerEvents={form.values.country ? 'all' : 'none'}
      />
      <MultiSelect
        label={t('vendors.form.products')}
        placeholder={form.values.products.length ? undefined : t('vendors.form.productsNone')}
        data={PRODUCTS.map((type) => ({ value: String(type), label: tc(`types.${type}` as 'types.1') }))}
        value={form.values.products.map(String)}
        onChange={(values) => form.setFieldValue('products', values.map(Number))}
        error={form.getInputProps('products').error}
        comboboxProps={{ withinPortal: true }}
        clearable
        data-testid="vendor-products"
      />
      <NumberInput
        label={t('vendors.form.share')}
        description={t('vendors.form.shareHint')}
        min={0}
        max={100}
        decimalScale={2}
        suffix=" %"
        data-testid="vendor-share"
        {...form.getInputProps('share')}
      />
      <Input.Wrapper
        label={t('vendors.form.protocol')}
        description={t('vendors.form.protocolHint')}
        error={form.fieldError('protocol')}
      >
        <SegmentedControl
          fullWidth
          mt={4}
          value={form.values.protocol}
          onChange={(value) => form.setFieldValue('protocol', value as VendorFormValues['protocol'])}
          data={[
            { value: 'panel', label: t('vendors.protocols.panel') },
            { value: 'json', label: t('vendors.protocols.json') },
          ]}
          data-testid="vendor-protocol"
        />
      </Input.Wrapper>
      <TextInput
        label={t('vendors.form.apiUrl')}
        description={
          form.values.protocol === 'panel' ? t('vendors.form.apiUrlPanelHint') : t('vendors.form.apiUrlHint')
        }
        placeholder="https://"
        autoComplete="off"
        {...form.getInputProps('api_url')}
      />
      <PasswordInput
        label={t('vendors.form.apiKey')}
        description={
          vendor?.has_api_key
            ? t('vendors.form.apiKeyStored')
            : form.values.protocol === 'panel'
              ? t('vendors.form.apiKeyPanelHint')
              : t('vendors.form.apiKeyHint')
        }
        autoComplete="new-password"
        {...form.getInputProps('api_key')}
      />
      <TextInput
        label={t('vendors.form.threshold')}
        description={t('vendors.form.thresholdHint')}
        inputMode="decimal"
        autoComplete="off"
        rightSection={
          vendor?.balance_currency ? (
            <Text size="xs" c="dimmed">
              {vendor.balance_currency}
            </Text>
          ) : undefined
        }
        data-testid="vendor-threshold"
        {...form.getInputProps('balance_threshold')}
      />
      <Group gap="xl">
        <Switch label={t('vendors.form.mature')} {...form.getCheckboxProps('mature')} />
        <Switch
          label={t('vendors.form.active')}
          data-testid="vendor-active"
          {...form.getCheckboxProps('is_active')}
        />
      </Group>
    </ModalForm>
  );
}
