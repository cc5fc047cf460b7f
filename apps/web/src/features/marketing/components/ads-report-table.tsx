import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ADS_REPORT_FILE_MAX_BYTES, MARKETING_MESSAGES, type AdsReportRow } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { showApiError } from '../../../components/error-modal';
import { RowMenu } from '../../../components/row-menu';
import { FormModal } from '../../../components/form-modal';
import { moneyColumn, StaffList, useServerList } from '../../../components/staff-list';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  adsReportQueryOptions,
  useDeleteAdsRow,
  useUpdateAdsRow,
  useUploadAdsReport,
  type AdsReportQuery,
} from '../api/ads-report';

const SORTS: readonly AdsReportQuery['orderBy'][] = ['date', 'amount', 'code'];

/**
 * The Google Ads report (staff-admin §2): upload a spend CSV (type, code, from, to, amount), see each row's
 * spend beside its reflink's registrations, payments and revenue (ROAS), edit an amount, delete a row.
 */
export function AdsReportTable() {
  const { t } = useTranslation('marketing');
  const [unknownCodes, setUnknownCodes] = useState<string[]>([]);
  const [editing, setEditing] = useState<AdsReportRow | null>(null);
  const resetFile = useRef<() => void>(null);
  const upload = useUploadAdsReport();
  const remove = useDeleteAdsRow();

  const deleting = useConfirmRow(remove, (row: AdsReportRow) => ({
    title: t('report.deleteTitle', { code: row.code }),
    text: t('report.deleteText'),
    confirmLabel: t('report.delete'),
  }));
  const list = useServerList({
    search: true,
    filters: {},
    sort: { by: SORTS, initial: 'date' },
    queryOptions: adsReportQueryOptions,
  });
  const totals = list.data?.totals;

  const send = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    if (file.size > ADS_REPORT_FILE_MAX_BYTES) {
      notifyError(translateMessage(MARKETING_MESSAGES.reportFileTooLarge));
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => {
        setUnknownCodes(answer.dontExistsRefCodes);
        notifySuccess(translateMessage(answer.message));
      },
      onError: (failure) => {
        setUnknownCodes([]);
        showApiError(failure);
      },
    });
  };

  return (
    <StaffList<AdsReportRow>
      title={t('report.title')}
      subtitle={t('report.subtitle')}
      headerActions={
        <FileButton onChange={send} accept=".csv,text/csv" resetRef={resetFile}>
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
              data-testid="report-upload"
            >
              {t('report.upload')}
            </Button>
          )}
        </FileButton>
      }
      above={
        <>
          <Text size="sm" c="dimmed">
            {t('report.format')}
          </Text>

          {unknownCodes.length > 0 && (
            <Alert
              color="yellow"
              title={t('report.unknownTitle')}
              withCloseButton
              closeButtonLabel={t('report.dismiss')}
              onClose={() => setUnknownCodes([])}
              data-testid="report-unknown-codes"
            >
              {t('report.unknownText', { codes: unknownCodes.join(', ') })}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label={t('report.totals.spend')} value={totals ? formatMoney(totals.amount) : '—'} />
            <Figure label={t('report.totals.revenue')} value={totals ? formatMoney(totals.revenue) : '—'} />
            <Figure label={t('report.totals.roas')} value={totals?.roas ? formatMoney(totals.roas) : '—'} />
          </SimpleGrid>
        </>
      }
      search={{ label: t('report.search') }}
      list={list}
      empty={t('report.empty')}
      columns={[
        {
          accessor: 'code',
          title: t('report.columns.code'),
          sortable: true,
          render: (row) => (
            <Stack gap={0}>
              <Text size="sm" ff="monospace">
                {row.code}
              </Text>
              <Text size="xs" c="dimmed">
                {row.reflink_name}
              </Text>
            </Stack>
          ),
        },
        { accessor: 'type', title: t('report.columns.type'), textAlign: 'right' },
        {
          accessor: 'date',
          title: t('report.columns.period'),
          sortable: true,
          noWrap: true,
          render: (row) => `${formatDate(row.from)} – ${formatDate(row.to)}`,
        },
        moneyColumn('amount', t('report.columns.spend'), { sortable: true }),
        { accessor: 'registrations', title: t('report.columns.registrations'), textAlign: 'right' },
        { accessor: 'payments', title: t('report.columns.payments'), textAlign: 'right' },
        moneyColumn('revenue', t('report.columns.revenue')),
        {
          accessor: 'roas',
          title: t('report.columns.roas'),
          textAlign: 'right',
          render: (row) => (row.roas === null ? '—' : formatMoney(row.roas)),
        },
      ]}
      rowActions={{
        label: t('report.menuColumn'),
        render: (row) => (
          <RowMenu
            label={t('report.menu', { code: row.code })}
            items={[
              { label: t('report.edit'), onClick: () => setEditing(row) },
              { label: t('report.delete'), danger: true, onClick: () => deleting.ask(row) },
            ]}
          />
        ),
      }}
    >
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('report.editTitle', { code: editing?.code ?? '' })}
        testId="report-edit"
      >
        {editing && <AmountForm row={editing} onClose={() => setEditing(null)} />}
      </FormModal>
      {deleting.dialog}
    </StaffList>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} ff="monospace">
        {value}
      </Text>
    </Paper>
  );
}

/** Edits one row's amount; the server's field error lands under the input. */
function AmountForm({ row, onClose }: { row: AdsReportRow; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const [amount, setAmount] = useState(String(Number(row.amount)));
  const [fieldError, setFieldError] = useState<string>();
  const update = useUpdateAdsRow();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: row.id, amount },
          {
            onSuccess: (answer) => {
              notifySuccess(translateMessage(answer.message));
              onClose();
            },
            onError: (failure) => setFieldError(errorText(failure)),
          },
        );
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('report.columns.spend')}
          inputMode="decimal"
          required
          data-autofocus
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={fieldError}
          data-testid="report-amount"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="report-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
