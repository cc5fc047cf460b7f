import 'mantine-datatable/styles.css';
import { lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { UserOrdersTable } from '../features/admin-campaigns/components/user-orders-table';
import { DelayedStart } from '../features/campaigns/components/delayed-start';
import { unreadCampaignMessagesQueryOptions, useRefreshUnread } from '../features/notices/api/notices';
import { CampaignThread, CampaignThreadModal } from '../features/notices/components/campaign-thread';

const route = getRouteApi('/app/admin/user-orders');

// The campaigns feature's per-day chart, loaded with the charts library only when a drawer opens.
const CampaignChart = lazy(() =>
  import('../features/campaigns/components/campaign-chart').then((m) => ({ default: m.CampaignChart })),
);

/** A `userId` or `campaign` URL value as an id (the user lists page, the staff home and bell link with them). */
function userIdOf(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** A campaign's thread in the order's drawer; reading it clears the unread badges and the staff bell. */
function StaffThread({ campaignId }: { campaignId: number }) {
  const refreshUnread = useRefreshUnread();
  return <CampaignThread base="admin" campaignId={campaignId} onRead={() => void refreshUnread()} />;
}

/**
 * /admin/user-orders (staff: admin, manager, support, marketer): every customer's campaigns, with a badge on
 * those whose customer wrote unread messages and the thread to answer them.
 */
export function AdminUserOrdersPage() {
  const { t } = useTranslation('notices');
  const { userId, view, campaign, unread: unreadOnly } = route.useSearch();
  const navigate = useNavigate();
  const unread = useQuery(unreadCampaignMessagesQueryOptions());
  const refreshUnread = useRefreshUnread();
  const [messaging, setMessaging] = useState<number | null>(null);
  const unreadOf = (id: number) => unread.data?.data.find((row) => row.campaign_id === id)?.unread ?? 0;
  return (
    <>
      <UserOrdersTable
        userId={userIdOf(userId)}
        initialView={view === 'waiting' ? 'waiting' : 'all'}
        initialUnread={unreadOnly === '1'}
        openId={userIdOf(campaign)}
        Thread={StaffThread}
        onUserChange={(id) =>
          void navigate({ to: '/admin/user-orders', search: id === undefined ? {} : { userId: String(id) } })
        }
        Chart={CampaignChart}
        StartTime={DelayedStart}
        messages={{
          label: t('thread.action'),
          unread: unreadOf,
          unreadLabel: (count) => t('thread.unread', { count }),
          open: setMessaging,
        }}
      />
      <CampaignThreadModal
        base="admin"
        campaignId={messaging}
        onClose={() => setMessaging(null)}
        onRead={() => void refreshUnread()}
      />
    </>
  );
}
