import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** A staff desk page's heading, subtitle and filters. */
export function DeskHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" mt={4}>
          {subtitle}
        </Text>
      </div>
      <Group gap="md" align="flex-end" wrap="wrap">
        {children}
      </Group>
    </>
  );
}

/** The search by the customer's e-mail or nickname. */
export function CustomerSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('staffdesk');
  return (
    <TextInput
      label={t('common.search')}
      placeholder={t('common.searchPlaceholder')}
      leftSection={<IconSearch size={16} stroke={1.6} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 260 }}
      data-testid="desk-search"
    />
  );
}

/** The customer of a row, linking to their details, with the time the row was sent under it. */
export function CustomerCell({
  user,
  at,
}: {
  user: { id: number; email: string; nickname: string };
  at: string;
}) {
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
