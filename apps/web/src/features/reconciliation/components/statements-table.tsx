import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { Statement } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { formatNumber } from '../../../lib/format';
import { statementsQueryOptions } from '../api/reconciliation';
import { LinesTable } from './lines-table';

/** The statements uploaded, newest first; a statement's lines open in a dialog. */
export function StatementsTable() {
  const { t } = useTranslation('staffmoney');
  const [open, setOpen] = useState<Statement | null>(null);
  const list = useServerList({ filters: {}, queryOptions: statementsQueryOptions });

  return (
    <StaffList<Statement>
      list={list}
      testId="statements-table"
      emptyIcon={<IconFileInvoice size={28} stroke={1.4} />}
      empty={t('reconciliation.statements.empty')}
      columns={[
        dateColumn('created_at', t('reconciliation.statements.uploaded'), { time: true }),
        { accessor: 'file_name', title: t('reconciliation.statements.file') },
        {
          accessor: 'format',
          title: t('reconciliation.statements.format'),
          render: (statement) => t(`reconciliation.format.${statement.format}`),
        },
        {
          accessor: 'lines',
          title: t('reconciliation.statements.lines'),
          textAlign: 'right',
          render: (statement) =>
            t('reconciliation.statements.linesNew', {
              lines: formatNumber(statement.lines),
              new: formatNumber(statement.new_lines),
            }),
        },
        {
          accessor: 'uploaded_by',
          title: t('reconciliation.statements.by'),
          render: (statement) => statement.uploaded_by?.email ?? '—',
        },
      ]}
      rowActions={{
        label: t('reconciliation.lines.actions'),
        render: (statement) => (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setOpen(statement)}
            data-testid={`statement-open-${statement.id}`}
          >
            {t('reconciliation.statements.open')}
          </Button>
        ),
      }}
    >
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('reconciliation.statements.linesTitle', { file: open.file_name }) : ''}
        size="90rem"
        data-testid="statement-lines-modal"
      >
        {open && <LinesTable statementId={open.id} testId="statement-lines" />}
      </Modal>
    </StaffList>
  );
}
