import type { ComponentType } from 'react';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconApps, IconCreditCard, IconKey, IconRocket } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

interface QuickAction {
  label: 'addApp' | 'addKeywords' | 'addCampaign' | 'topUp';
  to: '/apps' | '/keywords' | '/add-campaigns' | '/top-up-balance';
  search?: { openModal: 'add-app' };
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** The side menu's quick actions (customer-area §2): the pages and the add-app modal they open. */
const QUICK_ACTIONS: QuickAction[] = [
  { label: 'addApp', to: '/apps', search: { openModal: 'add-app' }, icon: IconApps },
  { label: 'addKeywords', to: '/keywords', icon: IconKey },
  { label: 'addCampaign', to: '/add-campaigns', icon: IconRocket },
  { label: 'topUp', to: '/top-up-balance', icon: IconCreditCard },
];

export function QuickActions() {
  const { t } = useTranslation('nav');
  return (
    <Stack gap={4} component="section" aria-label={t('quick.label')} mb="xs" data-testid="quick-actions">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} aria-hidden>
        {t('quick.label')}
      </Text>
      <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
        {QUICK_ACTIONS.map(({ label, to, search, icon: Icon }) => (
          <Button
            key={label}
            renderRoot={(props) => <Link {...props} to={to} search={search} />}
            variant="default"
            h="auto"
            py={8}
            px={4}
            styles={{ label: { whiteSpace: 'normal', height: 'auto' } }}
          >
            {/* Icon over the label: the labels are long in Ukrainian and Russian. */}
            <Stack gap={4} align="center">
              <Icon size={18} stroke={1.6} />
              <Text size="xs" fw={600} ta="center" lh={1.2}>
                {t(`quick.${label}`)}
              </Text>
            </Stack>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
