import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { PRODUCT_TYPES, VENDOR_CHANGEABLE_STATUSES, type AdminCampaign } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { fieldErrorTexts, textLimitError, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import {
  useChangeVendor,
  useSetPartner,
  useUpdateNotes,
  vendorChoicesQueryOptions,
} from '../api/admin-campaigns';

/** Partner ≤ 100 and notes ≤ 1000 symbols (staff-admin §7; customer-area §5). */
const PARTNER_MAX = 100;
const NOTES_MAX = 1000;

/** A failed save: a 422's message for this field goes under it, anything else to the error modal. */
function fieldFailure(field: string, setError: (message: string | undefined) => void) {
  return (failure: unknown) => {
    const message = failure instanceof ApiError ? fieldErrorTexts(failure)[field]?.[0] : undefined;
    if (message) setError(message);
    else showApiError(failure);
  };
}

const saved = (answer: { message?: string }) => {
  if (answer.message) notifySuccess(translateMessage(answer.message));
};

/** The partner, notes and vendor of a user order, each saved on its own. */
export function OrderEditors({ campaign }: { campaign: AdminCampaign }) {
  const { t } = useTranslation('admin');
  // Partner and vendor are functions of their own (staff-admin §6); the vendor list is the vendors page's.
  // A CPI campaign runs on an ad network, not a vendor.
  const canSetPartner = useCan('campaigns.set-partner');
  const canChangeVendor = useCan('campaigns.change-vendor');
  const canListVendors = useCan('vendors');
  const canPickVendor = canChangeVendor && canListVendors && campaign.type !== PRODUCT_TYPES.cpi;
  const [partner, setPartner] = useState(campaign.partner ?? '');
  const [notes, setNotes] = useState(campaign.description);
  const [vendorId, setVendorId] = useState<string | null>(
    campaign.vendor_id === null ? null : String(campaign.vendor_id),
  );
  const [errors, setErrors] = useState<Record<'partner' | 'description' | 'vendor_id', string | undefined>>({
    partner: undefined,
    description: undefined,
    vendor_id: undefined,
  });
  const setError = (field: keyof typeof errors) => (message: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  const partnerSave = useSetPartner();
  const notesSave = useUpdateNotes();
  const vendorSave = useChangeVendor();
  const vendors = useQuery({ ...vendorChoicesQueryOptions(), enabled: canPickVendor });
  const vendorOpen = VENDOR_CHANGEABLE_STATUSES.includes(campaign.status);

  return (
    <Stack gap="md">
      <Title order={4}>{t('details.edit')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {canSetPartner && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setError('partner')(undefined);
              partnerSave.mutate(
                { id: campaign.id, partner },
                { onSuccess: saved, onError: fieldFailure('partner', setError('partner')) },
              );
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t('details.partner')}
                placeholder={t('details.partnerPlaceholder')}
                value={partner}
                onChange={(event) => setPartner(event.currentTarget.value)}
                error={errors.partner ?? textLimitError(partner, PARTNER_MAX)}
                style={{ flex: 1 }}
                data-testid="order-partner"
              />
              <Button
                type="submit"
                variant="light"
                loading={partnerSave.isPending}
                disabled={partner.trim() === (campaign.partner ?? '')}
                data-testid="order-partner-save"
              >
                {t('details.save')}
              </Button>
            </Group>
          </form>
        )}

        {canPickVendor && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!vendorId) return;
              setError('vendor_id')(undefined);
              vendorSave.mutate(
                { id: campaign.id, vendorId: Number(vendorId) },
                { onSuccess: saved, onError: fieldFailure('vendor_id', setError('vendor_id')) },
              );
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Select
                label={t('details.vendor')}
                placeholder={t('details.vendorDefault')}
                description={vendorOpen ? undefined : t('details.vendorClosed')}
                data={(vendors.data ?? []).map((vendor) => ({
                  value: String(vendor.id),
                  label: vendor.is_active
                    ? vendor.vendor
                    : t('details.vendorInactive', { name: vendor.vendor }),
                  disabled: !vendor.is_active,
                }))}
                value={vendorId}
                onChange={setVendorId}
                disabled={!vendorOpen}
                searchable
                error={
                  errors.vendor_id ?? (vendors.error ? translateMessage(vendors.error.message) : undefined)
                }
                style={{ flex: 1 }}
                comboboxProps={{ withinPortal: true }}
                data-testid="order-vendor"
              />
              <Button
                type="submit"
                variant="light"
                loading={vendorSave.isPending}
                disabled={!vendorOpen || !vendorId || vendorId === String(campaign.vendor_id)}
                data-testid="order-vendor-save"
              >
                {t('details.save')}
              </Button>
            </Group>
          </form>
        )}
      </SimpleGrid>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError('description')(undefined);
          notesSave.mutate(
            { id: campaign.id, description: notes },
            { onSuccess: saved, onError: fieldFailure('description', setError('description')) },
          );
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t('details.notes')}
            description={t('details.notesHint')}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            error={errors.description ?? textLimitError(notes, NOTES_MAX)}
            data-testid="order-notes"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              variant="light"
              loading={notesSave.isPending}
              disabled={notes.trim() === campaign.description.trim()}
            >
              {t('details.saveNotes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
