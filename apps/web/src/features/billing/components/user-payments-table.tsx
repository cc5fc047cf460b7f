import { useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  CloseButton,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  INVOICE_MAX_BYTES,
  MESSAGES,
  PAYMENT_SEARCH_COLUMNS,
  PAYMENT_TYPES,
  STAFF_MONEY_MESSAGES,
  formatMoney as formatMoneyValue,
  parseMoney,
  type AdminPayment,
  type PaymentStatus,
  type PaymentType,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { ExportButton } from '../../../components/export-button';
import { showApiError } from '../../../components/error-modal';
import { RowMenu } from '../../../components/row-menu';
import {
  FilterCard,
  SearchColumnSelect,
  dateColumn,
  StaffList,
  useServerList,
} from '../../../components/staff-list';
import { isValidRange } from '../../../lib/date-range';
import { formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { UserDetailsLink } from '../../../components/user-details-link';
import { useCan } from '../../../lib/session';
import {
  adminPaymentsQueryOptions,
  downloadInvoice,
  exportPayments,
  useDeleteInvoice,
  useDeletePayment,
  useRefundPayment,
  useUploadInvoice,
  type AdminPaymentsQuery,
} from '../api/admin-payments';
import { paysystemsQueryOptions } from '../api/payments';
import { PaymentEditModal } from './payment-edit-modal';
import { BADGE_TEXT, PaymentStatusBadge } from './payment-status';
import { DateField } from '../../../components/date-field';

type OrderColumn = AdminPaymentsQuery['orderBy'];
const SORTS: readonly OrderColumn[] = ['created_at', 'amount', 'id', 'status', 'paysystem_id'];
type Confirm = { kind: 'delete' | 'refund' | 'deleteInvoice'; payment: AdminPayment };

/**
 * User payments (staff-admin §2, §3): every customer's payments with the query of §3, the totals of the
 * filtered set and its CSV export; edit, delete (never a credited payment), refund, and the invoice PDF
 * upload, replace and delete for those granted them; every staff member of the page downloads an invoice.
 */
export function UserPaymentsTable({
  plans,
  status,
  onStatusClear,
}: {
  plans: { id: number; name: string }[];
  /** Only payments in this status (the `status` URL value: the staff home links to the received ones). */
  status?: PaymentStatus;
  onStatusClear: () => void;
}) {
  const { t } = useTranslation('staffmoney');
  const [searchColumn, setSearchColumn] = useState<AdminPaymentsQuery['searchColumn']>('all');
  const [plan, setPlan] = useState<string | null>(null);
  const [systems, setSystems] = useState<string[]>([]);
  const [paymentType, setPaymentType] = useState<string | null>(null);
  const [successOnly, setSuccessOnly] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [editing, setEditing] = useState<AdminPayment | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const uploadFor = useRef<AdminPayment | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const can = {
    update: useCan('payments.update'),
    delete: useCan('payments.delete'),
    refund: useCan('payments.refund'),
    invoices: useCan('payments.invoices'),
  };
  const paysystems = useQuery(paysystemsQueryOptions()).data ?? [];
  const upload = useUploadInvoice();
  const removeInvoice = useDeleteInvoice();
  const remove = useDeletePayment();
  const refund = useRefundPayment();

  const rangeOk = (!from && !to) || isValidRange(from, to) || !!from !== !!to;
  const list = useServerList({
    search: true,
    filters: {
      searchColumn,
      priceplan_id: plan ? Number(plan) : undefined,
      pay_systems: systems.length ? systems.join(',') : undefined,
      payment_type: (paymentType as PaymentType | null) ?? undefined,
      status,
      successOnly: successOnly ? ('1' as const) : undefined,
      from: rangeOk ? from || undefined : undefined,
      to: rangeOk ? to || undefined : undefined,
    },
    sort: { by: SORTS, initial: 'created_at' },
    queryOptions: adminPaymentsQueryOptions,
    emptyHeight: 260,
  });

  const done = (answer: { message: string }) => notifySuccess(translateMessage(answer.message));
  const download = (payment: AdminPayment) =>
    downloadInvoice(payment).catch(() => notifyError(translateMessage(MESSAGES.downloadFailed)));
  const pickFile = (payment: AdminPayment) => {
    uploadFor.current = payment;
    fileInput.current?.click();
  };
  const onFile = (file: File | undefined) => {
    const payment = uploadFor.current;
    if (fileInput.current) fileInput.current.value = '';
    if (!file || !payment) return;
    if (file.size > INVOICE_MAX_BYTES)
      return notifyError(translateMessage(STAFF_MONEY_MESSAGES.invoiceTooLarge));
    upload.mutate({ id: payment.id, file }, { onSuccess: done, onError: showApiError });
  };
  const totals = list.data?.totals;

  return (
    <StaffList<AdminPayment>
      title={t('payments.title')}
      subtitle={t('payments.subtitle')}
      headerActions={
        <ExportButton
          run={() => exportPayments(list.query)}
          label={t('payments.export')}
          testId="payments-export"
        />
      }
      above={
        <>
          {status && (
            <Group gap={4} data-testid="payments-status-filter">
              <PaymentStatusBadge status={status} />
              <CloseButton size="sm" aria-label={t('payments.clearStatus')} onClick={onStatusClear} />
            </Group>
          )}

          <FilterCard
            search={{
              of: list.search,
              placeholder: t('payments.searchPlaceholder'),
              testId: 'payments-search',
            }}
            cols={{ base: 1, xs: 2, md: 4 }}
          >
            <SearchColumnSelect
              label={t('payments.searchColumn')}
              columns={PAYMENT_SEARCH_COLUMNS}
              labelOf={(column) => t(`payments.columnsSearch.${column}`)}
              value={searchColumn}
              onChange={setSearchColumn}
            />
            <Select
              label={t('payments.plan')}
              placeholder={t('payments.allPlans')}
              data={plans.map((item) => ({ value: String(item.id), label: item.name }))}
              value={plan}
              onChange={setPlan}
              clearable
            />
            <MultiSelect
              label={t('payments.systems')}
              placeholder={systems.length ? undefined : t('payments.allSystems')}
              data={paysystems.map((item) => ({ value: String(item.id), label: item.name }))}
              value={systems}
              onChange={setSystems}
              clearable
            />
            <Select
              label={t('payments.type')}
              placeholder={t('payments.allTypes')}
              data={PAYMENT_TYPES.map((value) => ({ value, label: t(`payments.types.${value}`) }))}
              value={paymentType}
              onChange={setPaymentType}
              clearable
            />
            <DateField
              label={t('payments.from')}
              value={from}
              maxDate={to || undefined}
              onChange={(day) => setFrom(day)}
            />
            <DateField
              label={t('payments.to')}
              value={to}
              minDate={from || undefined}
              onChange={(day) => setTo(day)}
              error={rangeOk ? undefined : t('payments.badRange')}
            />
            <Switch
              mt={{ md: 30 }}
              label={t('payments.successOnly')}
              checked={successOnly}
              onChange={(event) => setSuccessOnly(event.currentTarget.checked)}
            />
          </FilterCard>

          {totals && (
            <Group
              gap="xl"
              wrap="wrap"
              data-testid="payments-totals"
              aria-label={t('payments.totals')}
              role="group"
            >
              <Text size="sm">
                {t('payments.totalCount')}: <b>{totals.count}</b>
              </Text>
              <Text size="sm">
                {t('payments.totalAmount')}: <b>{formatMoney(totals.amount)}</b>
              </Text>
              <Text size="sm">
                {t('payments.totalPaid')}: <b>{formatMoney(totals.total)}</b>
              </Text>
              <Text size="sm">
                {t('payments.totalBonus')}: <b>{formatMoney(totals.bonus)}</b>
              </Text>
            </Group>
          )}
        </>
      }
      list={list}
      empty={t('payments.empty')}
      columns={[
        { accessor: 'id', title: t('payments.columns.id'), sortable: true },
        {
          accessor: 'user',
          title: t('payments.columns.user'),
          render: (payment) => <UserDetailsLink user={payment.user} />,
        },
        {
          accessor: 'paysystem_id',
          title: t('payments.columns.system'),
          sortable: true,
          render: (payment) => payment.paysystem.name,
        },
        {
          accessor: 'amount',
          title: t('payments.columns.amount'),
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          // Most payments are regular: only a bonus one is marked, under its amount (the type filter finds either).
          render: (payment) => (
            <>
              {formatMoney(payment.amount)}
              {payment.type === 'bonus' && (
                <Badge display="block" ml="auto" size="sm" variant="light" color="grape" c={BADGE_TEXT}>
                  {t('payments.types.bonus')}
                </Badge>
              )}
            </>
          ),
        },
        {
          accessor: 'status',
          title: t('payments.columns.status'),
          sortable: true,
          // A transfer's reference under its state: what a statement line or the customer names it by.
          render: (payment) => (
            <Stack gap={2} align="flex-start">
              <PaymentStatusBadge status={payment.status} awaitingTransfer={payment.reference !== null} />
              {payment.reference && (
                <Text size="xs" ff="monospace" c="dimmed">
                  {payment.reference}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'description',
          title: t('payments.columns.description'),
          render: (payment) => (
            <>
              <Text size="sm" lineClamp={2} maw={260}>
                {payment.description ?? payment.details ?? ''}
              </Text>
              {payment.requested_total && (
                <Text size="xs" c="orange" data-testid={`payment-requested-${payment.id}`}>
                  {t('payments.requested', {
                    requested: formatMoney(payment.requested_total),
                    difference: formatMoney(
                      formatMoneyValue(parseMoney(payment.requested_total) - parseMoney(payment.total)),
                    ),
                  })}
                </Text>
              )}
              {payment.refund_id && (
                <Text size="xs" c="dimmed" data-testid={`payment-refund-${payment.id}`}>
                  {t('payments.refundId', { id: payment.refund_id })}
                </Text>
              )}
            </>
          ),
        },
        {
          accessor: 'invoice_uploaded',
          title: t('payments.columns.invoice'),
          textAlign: 'center',
          render: (payment) =>
            payment.invoice ? (
              <ActionIcon
                variant="subtle"
                aria-label={t(
                  payment.invoice_uploaded ? 'payments.downloadUploaded' : 'payments.downloadGenerated',
                  { id: payment.id },
                )}
                title={
                  payment.invoice_uploaded ? t('payments.invoiceUploaded') : t('payments.invoiceGenerated')
                }
                onClick={() => download(payment)}
              >
                <IconFileTypePdf
                  size={18}
                  color={payment.invoice_uploaded ? 'var(--mantine-color-red-6)' : undefined}
                />
              </ActionIcon>
            ) : (
              <Text size="xs" c="dimmed">
                —
              </Text>
            ),
        },
        dateColumn('created_at', t('payments.columns.date'), { sortable: true, time: true }),
      ]}
      rowActions={{
        label: t('payments.actions'),
        render: (payment) =>
          can.update || can.delete || can.refund || can.invoices ? (
            <RowMenu
              label={t('payments.menu', { id: payment.id })}
              testId={`payment-menu-${payment.id}`}
              items={[
                ...(can.update ? [{ label: t('payments.edit'), onClick: () => setEditing(payment) }] : []),
                ...(can.invoices
                  ? [
                      {
                        label: payment.invoice_uploaded
                          ? t('payments.replaceInvoice')
                          : t('payments.uploadInvoice'),
                        onClick: () => pickFile(payment),
                        testId: 'invoice-upload',
                      },
                    ]
                  : []),
                ...(can.invoices && payment.invoice_uploaded
                  ? [
                      {
                        label: t('payments.deleteInvoice'),
                        onClick: () => setConfirm({ kind: 'deleteInvoice', payment }),
                      },
                    ]
                  : []),
                ...(can.refund && payment.status === 'credited'
                  ? [{ label: t('payments.refund'), onClick: () => setConfirm({ kind: 'refund', payment }) }]
                  : []),
                ...(can.delete && (payment.status === 'pending' || payment.status === 'canceled')
                  ? [
                      {
                        label: t('payments.delete'),
                        danger: true,
                        onClick: () => setConfirm({ kind: 'delete', payment }),
                      },
                    ]
                  : []),
              ]}
            />
          ) : null,
      }}
    >
      <input
        ref={fileInput}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="invoice-file"
        onChange={(event) => onFile(event.currentTarget.files?.[0])}
      />

      <PaymentEditModal payment={editing} paysystems={paysystems} onClose={() => setEditing(null)} />
      <ConfirmRowAction
        target={confirm}
        title={confirm ? t(`payments.confirm.${confirm.kind}.title`, { id: confirm.payment.id }) : ''}
        text={
          confirm
            ? t(`payments.confirm.${confirm.kind}.text`, {
                amount: formatMoney(confirm.payment.amount),
                email: confirm.payment.user.email,
              })
            : ''
        }
        confirmLabel={confirm ? t(`payments.confirm.${confirm.kind}.action`) : ''}
        run={({ kind, payment }) =>
          (kind === 'delete' ? remove : kind === 'refund' ? refund : removeInvoice).mutateAsync(payment.id)
        }
        pending={remove.isPending || refund.isPending || removeInvoice.isPending}
        onClose={() => setConfirm(null)}
      />
    </StaffList>
  );
}
