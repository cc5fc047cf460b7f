import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CampaignsTable } from '../features/campaigns/components/campaigns-table';
import { CampaignThread, CampaignThreadModal } from '../features/notices/components/campaign-thread';
import { CpiReport } from '../features/cpi/components/cpi-report';
import { profileKeys } from '../features/profile/api/profile';
import { campaignSearch } from './campaign-search';

const route = getRouteApi('/app/campaigns');

/**
 * /campaigns: My campaigns; a start or cancel moves money, so the header's balances are read again. "Send
 * message" and the details drawer show the campaign's thread with staff.
 */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const search = campaignSearch(route.useSearch());
  const client = useQueryClient();
  const [messaging, setMessaging] = useState<number | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('list.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('list.subtitle')}
          </Text>
        </div>
        <Button
          renderRoot={(props) => <Link {...props} to="/add-campaigns" />}
          leftSection={<IconPlus size={18} />}
        >
          {t('list.addCampaign')}
        </Button>
      </Group>
      <CampaignsTable
        initial={search}
        onCharged={() => void client.invalidateQueries({ queryKey: profileKeys.all })}
        onSendMessage={setMessaging}
        thread={(id) => <CampaignThread base="private" campaignId={id} />}
        cpiReport={(campaign) => (
          <CpiReport
            campaignId={campaign.id}
            app={{ name: campaign.app?.title ?? campaign.package, icon: campaign.app?.icon }}
          />
        )}
      />
      <CampaignThreadModal base="private" campaignId={messaging} onClose={() => setMessaging(null)} />
    </Stack>
  );
}
