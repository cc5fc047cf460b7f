import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney as moneyText, type VendorMappingsResponse, type VendorService } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CountrySelect } from '../../../components/country-select';
import { showApiError, showErrorModal } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { StoreSelect } from '../../../components/store-select';
import { ApiError } from '../../../lib/api';
import { formatNumber, formatPercent } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { perThousandText } from '../../../lib/vendor-money';
import { vendorMappingsQueryOptions, useSaveVendorMappings } from '../api/vendor-mappings';
import { vendorServicesQueryOptions } from '../api/vendor-services';
import {
  MAPPABLE_PRODUCTS,
  mappingRows,
  mappingsBody,
  marginOf,
  newMappingRow,
  rowErrorsOf,
  rowFigures,
  rowProblems,
  type MappingField,
  type MappingRow,
  type RowErrors,
  type RowProblem,
} from './mapping-rows';
import { RateText } from './vendor-services';
import { Figure } from '../../../components/figure';

const sameList = (a: readonly MappingRow[], b: readonly MappingRow[]) =>
  JSON.stringify(mappingsBody(a)) === JSON.stringify(mappingsBody(b));

/**
 * The mapping editor of a panel vendor: each row maps one of our products in a store and a country (or any) to one
 * of the vendor's loaded services, with the service's rate, min and max and our price per 1000 beside it, so the
 * margin shows. The whole list is saved at once (`PUT vendors/{id}/mappings`); a saved row is removed after a
 * question.
 */
export function VendorMappings({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation('admin');
  const mappings = useQuery(vendorMappingsQueryOptions(vendorId));
  const services = useQuery(vendorServicesQueryOptions(vendorId));
  const save = useSaveVendorMappings(vendorId);
  const [edit, setEdit] = useState<{ from: VendorMappingsResponse; rows: MappingRow[] } | null>(null);
  const [errors, setErrors] = useState<RowErrors>({});
  const [removing, setRemoving] = useState<MappingRow | null>(null);

  const dirty = edit !== null && !sameList(edit.rows, mappingRows(edit.from.data));
  // The list as saved starts the editor, and a newer answer replaces it while nothing is changed here.
  if (mappings.data && (edit === null || (edit.from !== mappings.data && !dirty)))
    setEdit({ from: mappings.data, rows: mappingRows(mappings.data.data) });
  const rows = edit?.rows ?? [];

  const setRows = (next: (rows: MappingRow[]) => MappingRow[]) =>
    setEdit((current) => current && { ...current, rows: next(current.rows) });
  const change = (key: string, patch: Partial<MappingRow>) => {
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors(({ [key]: rowErrors, ...rest }) => {
      const left = Object.fromEntries(Object.entries(rowErrors ?? {}).filter(([field]) => !(field in patch)));
      return Object.keys(left).length ? { ...rest, [key]: left } : rest;
    });
  };
  const remove = (key: string) => setRows((list) => list.filter((row) => row.key !== key));

  const submit = async () => {
    const problems = Object.entries(rowProblems(rows));
    if (problems.length > 0) {
      const text = (problem: RowProblem) => t(`vendors.mappings.${problem}`);
      setErrors(
        Object.fromEntries(
          problems.map(([key, fields]) => [
            key,
            Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, text(problem)])),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(mappingsBody(rows));
      setEdit({ from: answer, rows: mappingRows(answer.data) });
      notifySuccess(t('vendors.mappings.saved'));
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 422 && failure.errors))
        return showApiError(failure);
      const { byRow, other } = rowErrorsOf(failure, rows);
      setErrors(byRow);
      showErrorModal(other);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="vendor-mappings-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="vendor-mappings-title">
            {t('vendors.mappings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('vendors.mappings.hint')}
          </Text>
        </div>
        <ListError error={mappings.error} />
        {!edit && !mappings.error && <Loader size="sm" />}
        {edit && rows.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="vendor-mappings-empty">
            {t('vendors.mappings.empty')}
          </Text>
        )}
        {rows.map((row, index) => (
          <MappingEditorRow
            key={row.key}
            row={row}
            index={index}
            services={services.data?.data ?? []}
            currency={services.data?.currency ?? null}
            errors={errors[row.key] ?? {}}
            onChange={(patch) => change(row.key, patch)}
            onRemove={() => (row.saved ? setRemoving(row) : remove(row.key))}
          />
        ))}
        {edit && (
          <Group justify="space-between" gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setRows((list) => [...list, newMappingRow()])}
              data-testid="vendor-mapping-add"
            >
              {t('vendors.mappings.add')}
            </Button>
            <Group gap="sm">
              {dirty && (
                <>
                  <Text size="sm" c="dimmed" data-testid="vendor-mappings-unsaved">
                    {t('vendors.mappings.unsaved')}
                  </Text>
                  <Button
                    variant="default"
                    onClick={() => {
                      setErrors({});
                      setEdit({ from: edit.from, rows: mappingRows(edit.from.data) });
                    }}
                  >
                    {t('vendors.mappings.discard')}
                  </Button>
                </>
              )}
              <Button
                onClick={() => void submit()}
                loading={save.isPending}
                disabled={!dirty}
                data-testid="vendor-mappings-save"
              >
                {t('vendors.mappings.save')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('vendors.mappings.removeTitle')}
        confirmLabel={t('vendors.mappings.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove(removing.key);
          setRemoving(null);
        }}
      >
        {t('vendors.mappings.removeText')}
      </ConfirmModal>
    </Card>
  );
}

/** One mapping: product, store, country (or any), service and active, with the figures and the margin beside. */
function MappingEditorRow({
  row,
  index,
  services,
  currency,
  errors,
  onChange,
  onRemove,
}: {
  row: MappingRow;
  index: number;
  services: readonly VendorService[];
  currency: string | null;
  errors: Partial<Record<MappingField, string>>;
  onChange: (patch: Partial<MappingRow>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('campaigns');
  const figures = rowFigures(row, services);
  const margin = marginOf(figures.ourPrice, figures.rate, currency);
  const listed = useMemo(
    () =>
      services.map((service) => ({ value: service.service, label: `${service.service} · ${service.name}` })),
    [services],
  );
  // A service the panel no longer lists stays pickable, named as it was saved.
  const serviceOptions =
    row.service && !services.some((service) => service.service === row.service)
      ? [
          {
            value: row.service,
            label: `${row.service} · ${figures.name ?? t('vendors.mappings.notListed')}`,
          },
          ...listed,
        ]
      : listed;
  const number = index + 1;

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      role="group"
      aria-label={t('vendors.mappings.row', { number })}
      data-testid={`vendor-mapping-${index}`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label={t('vendors.mappings.product')}
          placeholder={t('vendors.mappings.pickProduct')}
          data={MAPPABLE_PRODUCTS.map((type) => ({
            value: String(type),
            label: tc(`types.${type}` as 'types.1'),
          }))}
          value={row.product_type || null}
          onChange={(value) => onChange({ product_type: value ?? '' })}
          error={errors.product_type}
          required
          data-testid={`vendor-mapping-product-${index}`}
        />
        <StoreSelect
          label={t('vendors.mappings.store')}
          value={row.store}
          onChange={(value) => onChange({ store: value === '2' ? '2' : '1' })}
          allowDeselect={false}
          error={errors.store}
        />
        <CountrySelect
          label={t('vendors.mappings.country')}
          placeholder={t('vendors.mappings.anyCountry')}
          value={row.country}
          onChange={(code) => onChange({ country: code })}
          error={errors.country}
          rightSection={
            row.country ? (
              <CloseButton
                size="sm"
                aria-label={t('vendors.mappings.anyCountry')}
                onClick={() => onChange({ country: '' })}
              />
            ) : undefined
          }
          rightSectionPointerEvents={row.country ? 'all' : 'none'}
          data-testid={`vendor-mapping-country-${index}`}
        />
        <Select
          label={t('vendors.mappings.service')}
          placeholder={
            services.length ? t('vendors.mappings.pickService') : t('vendors.mappings.loadServicesFirst')
          }
          data={serviceOptions}
          value={row.service || null}
          onChange={(value) => onChange({ service: value ?? '' })}
          error={errors.service}
          searchable
          limit={100}
          nothingFoundMessage={t('vendors.mappings.noService')}
          comboboxProps={{ withinPortal: true }}
          required
          data-testid={`vendor-mapping-service-${index}`}
        />
      </SimpleGrid>
      <Group justify="space-between" align="center" mt="sm" gap="sm">
        <Group gap="lg" data-testid={`vendor-mapping-figures-${index}`}>
          <Figure label={t('vendors.mappings.rate')}>
            {figures.rate === null ? '—' : <RateText rate={figures.rate} currency={currency} />}
          </Figure>
          <Figure label={t('vendors.mappings.min')}>
            {figures.min === null ? '—' : formatNumber(figures.min)}
          </Figure>
          <Figure label={t('vendors.mappings.max')}>
            {figures.max === null ? '—' : formatNumber(figures.max)}
          </Figure>
          <Figure label={t('vendors.mappings.ourPrice')}>
            {figures.ourPrice === null ? (
              <Text size="sm" c="dimmed" span>
                {t('vendors.mappings.afterSave')}
              </Text>
            ) : (
              <RateText rate={figures.ourPrice} currency="USD" />
            )}
          </Figure>
          <Figure label={t('vendors.mappings.margin')}>
            {margin === null ? (
              '—'
            ) : (
              <Group gap={6} wrap="nowrap">
                <Text
                  size="sm"
                  ff="monospace"
                  c={margin.amount < 0n ? 'red' : undefined}
                  data-testid={`vendor-mapping-margin-${index}`}
                >
                  {perThousandText(margin.amount)}
                  {margin.percent !== null && ` (${formatPercent(moneyText(margin.percent))} %)`}
                </Text>
                {margin.amount < 0n && (
                  <Badge size="sm" color="red" variant="light">
                    {t('vendors.mappings.loss')}
                  </Badge>
                )}
              </Group>
            )}
          </Figure>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Switch
            label={t('vendors.mappings.active')}
            checked={row.is_active}
            onChange={(event) => onChange({ is_active: event.currentTarget.checked })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('vendors.mappings.removeRow', { number })}
            onClick={onRemove}
            data-testid={`vendor-mapping-remove-${index}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}
