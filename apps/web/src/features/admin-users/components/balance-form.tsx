import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  changeUserBalanceBodySchema,
  type AdminUserDetail,
  type ChangeUserBalanceBody,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showFormError } from '../../../components/error-modal';
import { formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm, type FormSchema } from '../../../lib/use-schema-form';
import { paysystemsQueryOptions, useChangeBalance } from '../api/admin-users';

interface BalanceValues extends Record<string, unknown> {
  amount: string;
  account_id: string;
  paysystem_id: string;
  payment_id: string;
  type: string;
  reason: string;
  description: string;
}
const EMPTY: BalanceValues = {
  amount: '',
  account_id: '1',
  paysystem_id: '',
  payment_id: '',
  type: '',
  reason: '',
  description: '',
};

function balanceBody(userId: number, values: BalanceValues): ChangeUserBalanceBody {
  return {
    id: userId,
    amount: values.amount.trim().replace(',', '.'),
    account_id: Number(values.account_id),
    paysystem_id: values.paysystem_id ? Number(values.paysystem_id) : null,
    payment_id: values.payment_id.trim() || null,
    type: values.type.trim() || null,
    reason: values.reason.trim() || null,
    description: values.description.trim() || null,
  };
}
const schema: FormSchema = {
  '~standard': {
    validate: (values: unknown) =>
      changeUserBalanceBodySchema['~standard'].validate(balanceBody(1, values as BalanceValues)),
  },
};
const loadSchema = () => Promise.resolve(schema);

/**
 * User details, change balance (`PUT payments/change-user-balance`, staff-admin §3 Balance change): a signed
 * amount on the main or bonus balance; with a payment system a positive amount is recorded as a payment under
 * its unique payment id. Asks before moving the money.
 */
export function BalanceForm({ user }: { user: AdminUserDetail }) {
  // A done change starts a blank form.
  const [key, setKey] = useState(0);
  return <BalanceFormBody key={key} user={user} onDone={() => setKey((k) => k + 1)} />;
}

function BalanceFormBody({ user, onDone }: { user: AdminUserDetail; onDone: () => void }) {
  const { t } = useTranslation('users');
  const { t: tm } = useTranslation('money');
  const form = useSchemaForm<BalanceValues>(loadSchema, EMPTY);
  const [pending, setPending] = useState<ChangeUserBalanceBody | null>(null);
  const change = useChangeBalance();
  const systems = useQuery(paysystemsQueryOptions());

  const confirm = () => {
    if (!pending) return;
    change.mutate(pending, {
      onSuccess: (answer) => {
        notifySuccess(translateMessage(answer.message));
        setPending(null);
        onDone();
      },
      onError: (error) => {
        setPending(null);
        showFormError(form, error);
      },
    });
  };
  const account = form.values.account_id === '2' ? 'bonus' : 'main';

  return (
    <>
      <form
        onSubmit={form.onSubmit((values) => setPending(balanceBody(user.id, values)))}
        {...form.formProps}
      >
        <Stack gap="md" maw={720}>
          <Text size="sm" c="dimmed">
            {t('balance.current', {
              main: formatMoney(user.balances.main),
              bonus: formatMoney(user.balances.bonus),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('balance.amount')}
              description={t('balance.amountHint')}
              inputMode="decimal"
              required
              data-testid="balance-amount"
              {...form.getInputProps('amount')}
            />
            <Select
              label={t('balance.account')}
              data={[
                { value: '1', label: tm('account.main') },
                { value: '2', label: tm('account.bonus') },
              ]}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('account_id')}
            />
            <Select
              label={t('balance.paysystem')}
              description={t('balance.paysystemHint')}
              placeholder={t('balance.adjustment')}
              data={(systems.data?.data ?? []).map((system) => ({
                value: String(system.id),
                label: system.name,
              }))}
              clearable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('paysystem_id')}
              onChange={(value) => form.setFieldValue('paysystem_id', value ?? '')}
            />
            <TextInput
              label={t('balance.paymentId')}
              description={t('balance.paymentIdHint')}
              {...form.getInputProps('payment_id')}
            />
            <TextInput label={t('balance.type')} {...form.getInputProps('type')} />
            <TextInput label={t('balance.reason')} {...form.getInputProps('reason')} />
          </SimpleGrid>
          <Textarea
            label={t('balance.description')}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Group>
            <Button type="submit" loading={form.submitting} data-testid="balance-submit">
              {t('balance.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={pending !== null}
        title={t('balance.confirmTitle')}
        confirmLabel={t('balance.confirm')}
        color="blue"
        loading={change.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        {t('balance.confirmText', {
          amount: pending ? formatMoney(String(pending.amount)) : '',
          account: tm(`account.${account}`),
          email: user.email,
        })}
      </ConfirmModal>
    </>
  );
}
