import {
  Box,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconGift, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { profileQueryOptions } from '../api/profile';

/** The bonus figures' colour: a teal dark enough for 4.5:1 on white, light enough on the dark scheme. */
const BONUS_COLOR = 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))';

/** The header's balances (main and bonus), linking to the top-up page. */
export function HeaderBalances() {
  const { t } = useTranslation('app');
  const { data, isPending, isError } = useQuery(profileQueryOptions());
  if (isError) return null;
  if (isPending) return <Skeleton h={32} w={120} radius="md" />;
  const { main, bonus } = data.balances;
  return (
    <UnstyledButton
      component={Link}
      to="/top-up-balance"
      data-testid="header-balances"
      px={8}
      py={4}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      {/* Named by what it shows (axe: the name holds the visible text), after a hidden "Balances". */}
      <VisuallyHidden>{t('balances.title')}</VisuallyHidden>
      {/* Side by side with labels from a tablet up; stacked, small and unlabeled on a phone. */}
      <Group gap={10} wrap="nowrap" visibleFrom="sm">
        <Group gap={4} wrap="nowrap">
          <IconWallet size={16} stroke={1.6} color="var(--mantine-color-indigo-5)" />
          <Box style={{ lineHeight: 1.05 }}>
            <Text size="10px" c="dimmed" tt="uppercase" fw={600}>
              {t('balances.main')}
            </Text>
            <Text
              size="sm"
              fw={700}
              ff="monospace"
              data-testid="balance-main"
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatMoney(main)}
            </Text>
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconGift size={16} stroke={1.6} color="var(--mantine-color-teal-6)" />
          <Box style={{ lineHeight: 1.05 }}>
            <Text size="10px" c="dimmed" tt="uppercase" fw={600}>
              {t('balances.bonus')}
            </Text>
            <Text
              size="sm"
              fw={600}
              ff="monospace"
              c={BONUS_COLOR}
              data-testid="balance-bonus"
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatMoney(bonus)}
            </Text>
          </Box>
        </Group>
      </Group>
      <Stack gap={0} hiddenFrom="sm" style={{ lineHeight: 1.1 }}>
        <Group gap={3} wrap="nowrap">
          <IconWallet size={11} stroke={1.8} color="var(--mantine-color-indigo-5)" />
          <Text fz={11} fw={700} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{t('balances.main')} </VisuallyHidden>
            {formatMoney(main)}
          </Text>
        </Group>
        <Group gap={3} wrap="nowrap">
          <IconGift size={11} stroke={1.8} color="var(--mantine-color-teal-6)" />
          <Text fz={11} fw={600} ff="monospace" c={BONUS_COLOR} style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{t('balances.bonus')} </VisuallyHidden>
            {formatMoney(bonus)}
          </Text>
        </Group>
      </Stack>
    </UnstyledButton>
  );
}

/** The balances as two tiles (result page, referral page). */
export function BalanceSummary() {
  const { t } = useTranslation('app');
  const { data } = useQuery(profileQueryOptions());
  if (!data) return <Skeleton h={64} radius="md" />;
  const tiles = [
    { key: 'main', label: t('balances.main'), value: data.balances.main, color: undefined },
    { key: 'bonus', label: t('balances.bonus'), value: data.balances.bonus, color: BONUS_COLOR },
  ];
  return (
    <SimpleGrid cols={2} maw={420} data-testid="balance-summary">
      {tiles.map((tile) => (
        <Paper key={tile.key} withBorder radius="md" p="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {tile.label}
            </Text>
            <Text fw={700} ff="monospace" c={tile.color} data-testid={`summary-${tile.key}`}>
              {formatMoney(tile.value)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
