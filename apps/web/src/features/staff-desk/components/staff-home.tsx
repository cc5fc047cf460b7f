import type { ComponentType } from 'react';
import {
  Alert,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCash,
  IconGift,
  IconMail,
  IconMessages,
  IconReceipt,
  IconUserPlus,
} from '@tabler/icons-react';
import type { StaffHomeCounts } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { formatNumber } from '../../../lib/format';
import { staffHomeQueryOptions } from '../api/staff-desk';

type CountKey = keyof StaffHomeCounts;

/** Each count of the staff home and the filtered list it opens. */
const CARDS: { key: CountKey; icon: ComponentType<{ size?: number; stroke?: number }>; link: LinkProps }[] = [
  {
    key: 'payments_awaiting',
    icon: IconReceipt,
    link: { to: '/admin/user-payments', search: { status: 'received' } },
  },
  {
    key: 'campaigns_waiting',
    icon: IconBuildingStore,
    link: { to: '/admin/user-orders', search: { view: 'waiting' } },
  },
  { key: 'failed_callbacks', icon: IconAlertTriangle, link: { to: '/admin/operations' } },
  { key: 'new_clients', icon: IconUserPlus, link: { to: '/admin/sales-report', search: { tab: 'new' } } },
  { key: 'unread_messages', icon: IconMessages, link: { to: '/admin/user-orders', search: { unread: '1' } } },
  { key: 'pending_payouts', icon: IconCash, link: { to: '/admin/referral-payouts' } },
  { key: 'pending_bonus', icon: IconGift, link: { to: '/admin/bonus-submissions' } },
  { key: 'new_contact_messages', icon: IconMail, link: { to: '/admin/contact-messages' } },
];

/**
 * The staff home (staff only; staff land here after sign-in): what needs them today, each count opening its
 * list. A count the caller's permissions do not allow is not shown (the server sends null).
 */
export function StaffHome() {
  const { t } = useTranslation('staffdesk');
  const { data, isPending, isError } = useQuery(staffHomeQueryOptions());
  const cards = CARDS.filter(({ key }) => isPending || (data && data.data[key] !== null));
  return (
    <Stack gap="lg">
      <PageHeader title={t('home.title')} subtitle={t('home.subtitle')} />
      {isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('home.error')}
        </Alert>
      )}
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="md"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {cards.map(({ key, icon: Icon, link }) => {
          const count = data?.data[key] ?? null;
          return (
            <li key={key}>
              <UnstyledButton
                renderRoot={(props) => <Link {...props} {...link} />}
                w="100%"
                h="100%"
                data-testid={`home-${key}`}
                data-count={count ?? ''}
              >
                <Card withBorder radius="lg" padding="lg" h="100%">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Text fw={600}>{t(`home.cards.${key}.title`)}</Text>
                    <ThemeIcon variant="light" radius="md" size="lg" color={count ? 'orange' : 'gray'}>
                      <Icon size={20} stroke={1.6} />
                    </ThemeIcon>
                  </Group>
                  {isPending ? (
                    <Skeleton h={36} w={60} mt="sm" />
                  ) : (
                    <Text fz={32} fw={700} mt="sm" c={count ? undefined : 'dimmed'}>
                      {formatNumber(count)}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {count === 0 ? t('home.allClear') : t(`home.cards.${key}.hint`)}
                  </Text>
                </Card>
              </UnstyledButton>
            </li>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
