import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** A list filter: one of `values`, or all of them once cleared. */
export function FilterSelect<V extends string>({
  label,
  placeholder,
  values,
  labelOf,
  value,
  onChange,
  width = 200,
  testId,
}: {
  label: string;
  placeholder: string;
  values: readonly V[];
  labelOf: (value: V) => string;
  value: V | null;
  onChange: (value: V | null) => void;
  width?: number;
  testId?: string;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={values.map((option) => ({ value: option, label: labelOf(option) }))}
      value={value}
      onChange={(option) => onChange(option as V | null)}
      clearable
      w={{ base: '100%', xs: width }}
      data-testid={testId}
    />
  );
}

/** The status filter every staff desk list has. */
export function StatusFilter<V extends string>(
  props: Pick<Parameters<typeof FilterSelect<V>>[0], 'values' | 'labelOf' | 'value' | 'onChange'>,
) {
  const { t } = useTranslation('staffdesk');
  return (
    <FilterSelect
      {...props}
      label={t('common.status')}
      placeholder={t('common.allStatuses')}
      testId="desk-status"
    />
  );
}

interface DecisionButton {
  label: string;
  testId: string;
  onClick: () => void;
}

/** A pending row's two decisions: the one that gives (complete, approve) and the red one that refuses. */
export function DecisionButtons({ give, refuse }: { give: DecisionButton; refuse: DecisionButton }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      <Button size="compact-sm" onClick={give.onClick} data-testid={give.testId}>
        {give.label}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        onClick={refuse.onClick}
        data-testid={refuse.testId}
      >
        {refuse.label}
      </Button>
    </Group>
  );
}

interface CustomerRow {
  user: { id: number; email: string; nickname: string };
  created_at: string;
}

/** The customer column every staff desk list has. */
export function useCustomerColumn<T extends CustomerRow>(): DataTableColumn<T> {
  const { t } = useTranslation('staffdesk');
  return {
    accessor: 'user',
    title: t('common.customer'),
    render: (row) => <CustomerCell user={row.user} at={row.created_at} />,
  };
}

/** The customer of a row, linking to their details, with the time the row was sent under it. */
function CustomerCell({ user, at }: { user: CustomerRow['user']; at: string }) {
  return (
    <Stack gap={0} maw={240}>
      <Anchor
        size="sm"
        truncate="end"
        title={user.email}
        renderRoot={(props) => (
          <Link {...props} to="/admin/user-details/$id" params={{ id: String(user.id) }} />
        )}
      >
        {user.email}
      </Anchor>
      <Text size="xs" c="dimmed">
        {formatDateTime(at)}
      </Text>
    </Stack>
  );
}
