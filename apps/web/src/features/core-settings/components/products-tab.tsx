import { useState } from 'react';
import { Button, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Product } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { ApiError } from '../../../lib/api';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { productsQueryOptions, useSaveProducts } from '../api/settings';
import { cellErrors, cellKey, cellOfPath, priceCells, productsBody, type PriceCells } from './products-form';

/**
 * Products (staff-admin §3 Admin products): per store, each product type's base price and every price plan's
 * pricetag, saved at once with `PUT products`. A change prices the next quote, never a charged campaign.
 */
export function ProductsTab() {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('app');
  const [appstore, setAppstore] = useState<1 | 2>(1);
  const { data, error, refetch, isPending } = useQuery(productsQueryOptions(appstore));
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={String(appstore)}
          onChange={(value) => setAppstore(Number(value) as 1 | 2)}
          aria-label={t('products.store')}
          data={[
            { value: '1', label: ta('stores.googlePlay') },
            { value: '2', label: ta('stores.appStore') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('products.hint')}
        </Text>
      </Group>
      {error ? (
        <ListError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Loader role="status" size="sm" aria-label={t('loading')} />
      ) : data.data.length === 0 ? (
        <Text c="dimmed">{t('products.empty')}</Text>
      ) : (
        <PriceGrid
          key={`${appstore}-${JSON.stringify(data.data)}`}
          appstore={appstore}
          products={data.data}
        />
      )}
    </Stack>
  );
}

function PriceGrid({ appstore, products }: { appstore: 1 | 2; products: Product[] }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('campaigns');
  const canEdit = useCan('settings.products');
  const [cells, setCells] = useState<PriceCells>(() => priceCells(products));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProducts();
  const plans = products[0]?.pricetags ?? [];

  const submit = async () => {
    const body = productsBody(appstore, products, cells);
    const found = cellErrors(products, body);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const answer = await save.mutateAsync(body);
      notifySuccess(translateMessage(answer.message ?? ''));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        const server: Record<string, string> = {};
        for (const [path, messages] of Object.entries(error.errors)) {
          const cell = cellOfPath(products, path);
          if (cell && messages[0]) server[cell] = messages[0];
        }
        setErrors(server);
      }
      showApiError(error);
    }
  };

  const cell = (type: number, label: string, planId?: number) => {
    const key = cellKey(type, planId);
    return (
      <TextInput
        size="xs"
        w={90}
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        value={cells[key] ?? ''}
        readOnly={!canEdit}
        error={errors[key] ? translateMessage(errors[key]) : undefined}
        data-testid={`price-${key}`}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setCells((current) => ({ ...current, [key]: value }));
          setErrors(({ [key]: _, ...rest }) => rest);
        }}
      />
    );
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing={6} data-testid="products-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('products.type')}</Table.Th>
              <Table.Th>{t('products.basePrice')}</Table.Th>
              {plans.map((plan) => (
                <Table.Th key={plan.priceplan_id}>{plan.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((product) => {
              const type = tc(`types.${product.type}` as 'types.1');
              return (
                <Table.Tr key={product.type}>
                  <Table.Th scope="row" fw={500}>
                    {type}
                  </Table.Th>
                  <Table.Td>{cell(product.type, t('products.cellBase', { type }))}</Table.Td>
                  {product.pricetags.map((tag) => (
                    <Table.Td key={tag.priceplan_id}>
                      {cell(product.type, t('products.cellPlan', { type, plan: tag.name }), tag.priceplan_id)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canEdit && (
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="products-save">
            {t('save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
