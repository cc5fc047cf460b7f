import 'mantine-datatable/styles.css';
import { Stack } from '@mantine/core';
import { TransactionsHeading, TransactionsTable } from '../features/billing/components/transactions-table';

/** /my-transactions: the ledger of the caller's balances. */
export function TransactionsPage() {
  return (
    <Stack gap="lg">
      <TransactionsHeading />
      <TransactionsTable />
    </Stack>
  );
}
