import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { StatementLineView } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { candidatesQueryOptions, useAssignLine } from '../api/reconciliation';

/**
 * Credits an unmatched line by hand: staff search open transfer payments (reference, amount, e-mail) and users
 * (e-mail), choose one, read what will happen and confirm. A payment is credited as a match would be; a user
 * gets a new payment of the statement's system.
 */
export function AssignLineModal({ line, onClose }: { line: StatementLineView | null; onClose: () => void }) {
  const { t } = useTranslation('staffmoney');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const candidates = useQuery(candidatesQueryOptions(debounced));
  const assign = useAssignLine();
  const close = () => {
    setSearch('');
    setChosen(null);
    onClose();
  };
  const payments = candidates.data?.payments ?? [];
  const users = candidates.data?.users ?? [];
  const [kind, id] = (chosen ?? ':').split(':');
  const target =
    kind === 'payment'
      ? payments.find((p) => String(p.id) === id)?.user.email
      : users.find((u) => String(u.id) === id)?.email;
  const submit = () => {
    if (!line || !id) return;
    const to = kind === 'payment' ? { payment_id: Number(id) } : { user_id: Number(id) };
    assign.mutate(
      { id: line.id, to },
      {
        onSuccess: (answer) => {
          notifySuccess(translateMessage(answer.message));
          close();
        },
        onError: showApiError,
      },
    );
  };

  return (
    <Modal
      opened={line !== null}
      onClose={close}
      title={t('reconciliation.assign.title')}
      centered
      size="lg"
      data-testid="assign-line-modal"
    >
      {line && (
        <Stack gap="md">
          <Text size="sm">
            {t('reconciliation.assign.line', {
              amount: formatMoney(line.amount),
              currency: line.currency,
              counterparty: line.counterparty ?? '—',
              text: line.text || '—',
            })}
          </Text>
          <TextInput
            label={t('reconciliation.assign.search')}
            description={t('reconciliation.assign.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={candidates.isFetching ? <Loader size="xs" /> : null}
            data-autofocus
            data-testid="assign-search"
          />
          {debounced.length >= 2 && candidates.isSuccess && !payments.length && !users.length && (
            <Text size="sm" c="dimmed">
              {t('reconciliation.assign.nothingFound')}
            </Text>
          )}
          <Radio.Group value={chosen} onChange={setChosen} label={t('reconciliation.assign.choose')}>
            <Stack gap="xs" mt="xs">
              {payments.map((payment) => (
                <Radio
                  key={`p${payment.id}`}
                  value={`payment:${payment.id}`}
                  data-testid={`assign-payment-${payment.id}`}
                  label={t('reconciliation.assign.payment', {
                    reference: payment.reference,
                    amount: formatMoney(payment.total),
                    currency: payment.currency,
                    email: payment.user.email,
                  })}
                />
              ))}
              {users.map((user) => (
                <Radio
                  key={`u${user.id}`}
                  value={`user:${user.id}`}
                  data-testid={`assign-user-${user.id}`}
                  label={t('reconciliation.assign.user', { email: user.email, nickname: user.nickname })}
                />
              ))}
            </Stack>
          </Radio.Group>
          {target && (
            <Alert color="blue" data-testid="assign-confirm-text">
              {t(
                kind === 'payment'
                  ? 'reconciliation.assign.confirmPayment'
                  : 'reconciliation.assign.confirmUser',
                {
                  amount: formatMoney(line.amount),
                  currency: line.currency,
                  email: target,
                },
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('reconciliation.cancel')}
            </Button>
            <Button
              onClick={submit}
              disabled={!target}
              loading={assign.isPending}
              data-testid="assign-submit"
            >
              {t('reconciliation.assign.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
