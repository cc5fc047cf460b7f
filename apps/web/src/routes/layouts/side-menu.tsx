import type { ComponentType, ReactNode } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAd2,
  IconActivity,
  IconApi,
  IconApps,
  IconAward,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconDiscount,
  IconChecklist,
  IconClipboardList,
  IconCreditCard,
  IconDeviceMobile,
  IconFileText,
  IconFunction,
  IconGift,
  IconHeadset,
  IconHistory,
  IconHome,
  IconKey,
  IconLayoutDashboard,
  IconLink,
  IconMessage2,
  IconNews,
  IconListDetails,
  IconMail,
  IconPuzzle,
  IconReceipt,
  IconReportAnalytics,
  IconReportMoney,
  IconRocket,
  IconSettings,
  IconShieldLock,
  IconBrandGoogle,
  IconSpeakerphone,
  IconUserShare,
  IconUsers,
  IconUsersGroup,
  IconUserShield,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canOpen, type KnownPath } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { AccountSwitch } from './account-switch';
import { ManagerRequestMenuItem } from '../../features/sales/components/personal-manager';
import { QuickActions } from './quick-actions';

type SectionKey = 'main' | 'appsAndKeywords' | 'services' | 'finance' | 'other' | 'admin';
type LabelKey =
  | 'dashboard'
  | 'apps'
  | 'keywords'
  | 'addCampaigns'
  | 'myCampaigns'
  | 'statistics'
  | 'topUp'
  | 'transactions'
  | 'pricePlans'
  | 'referralProgram'
  | 'bonusProgram'
  | 'resellersProgram'
  | 'partnersProgram'
  | 'contacts'
  | 'starting'
  | 'apiSupport'
  | 'terms'
  | 'privacy'
  | 'userLists'
  | 'userOrders'
  | 'vendors'
  | 'roles'
  | 'modules'
  | 'functions'
  | 'logViewer'
  | 'userPayments'
  | 'userApps'
  | 'reflinks'
  | 'noticeTemplates'
  | 'blog'
  | 'salesReport'
  | 'clientsReport'
  | 'cpiAccounts'
  | 'adsReport'
  | 'marketingActions'
  | 'coreSettings'
  | 'accessLists'
  | 'operations'
  | 'staffHome'
  | 'referralPayouts'
  | 'bonusSubmissions'
  | 'contactMessages'
  | 'myProfile';

interface MenuItem {
  path: KnownPath;
  label: LabelKey;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/**
 * The side menu of customer-area §2 (apps and keywords, services, finance, other) and the admin
 * section of staff-admin §2. Only pages that exist are listed; empty sections are not shown.
 */
const MENU: { section: SectionKey; items: MenuItem[] }[] = [
  { section: 'main', items: [{ path: '/dashboard', label: 'dashboard', icon: IconLayoutDashboard }] },
  {
    section: 'appsAndKeywords',
    items: [
      { path: '/apps', label: 'apps', icon: IconApps },
      { path: '/keywords', label: 'keywords', icon: IconKey },
    ],
  },
  {
    section: 'services',
    items: [
      { path: '/add-campaigns', label: 'addCampaigns', icon: IconRocket },
      { path: '/campaigns', label: 'myCampaigns', icon: IconSpeakerphone },
      { path: '/statistics', label: 'statistics', icon: IconChartBar },
    ],
  },
  {
    section: 'finance',
    items: [
      { path: '/top-up-balance', label: 'topUp', icon: IconCreditCard },
      { path: '/my-transactions', label: 'transactions', icon: IconListDetails },
      { path: '/priceplans', label: 'pricePlans', icon: IconAward },
    ],
  },
  {
    section: 'other',
    items: [
      { path: '/referral-program', label: 'referralProgram', icon: IconUserShare },
      { path: '/bonus-program', label: 'bonusProgram', icon: IconGift },
      { path: '/resellers-program', label: 'resellersProgram', icon: IconBuildingStore },
      { path: '/partners-program', label: 'partnersProgram', icon: IconUsersGroup },
      { path: '/starting', label: 'starting', icon: IconChecklist },
      { path: '/api-support', label: 'apiSupport', icon: IconApi },
      { path: '/contacts', label: 'contacts', icon: IconHeadset },
      { path: '/my-profile', label: 'myProfile', icon: IconUserCircle },
      { path: '/terms', label: 'terms', icon: IconFileText },
      { path: '/privacy', label: 'privacy', icon: IconShieldLock },
    ],
  },
];

/**
 * The admin section: the staff home first, then the pages in the order of staff-admin §2 and the staff desk
 * pages; each entry shows to those granted its page. For staff it comes before the customer sections.
 */
const ADMIN_MENU: MenuItem[] = [
  { path: '/admin/home', label: 'staffHome', icon: IconHome },
  { path: '/admin/role', label: 'roles', icon: IconUserShield },
  { path: '/admin/functions', label: 'functions', icon: IconFunction },
  { path: '/admin/modules', label: 'modules', icon: IconPuzzle },
  { path: '/admin/access-lists', label: 'accessLists', icon: IconShieldLock },
  { path: '/admin/user-lists', label: 'userLists', icon: IconUsers },
  { path: '/admin/user-payments', label: 'userPayments', icon: IconReceipt },
  { path: '/admin/referral-payouts', label: 'referralPayouts', icon: IconCash },
  { path: '/admin/bonus-submissions', label: 'bonusSubmissions', icon: IconGift },
  { path: '/admin/contact-messages', label: 'contactMessages', icon: IconMail },
  { path: '/admin/reflinks', label: 'reflinks', icon: IconLink },
  { path: '/admin/blog', label: 'blog', icon: IconNews },
  { path: '/admin/cpi-accounts', label: 'cpiAccounts', icon: IconAd2 },
  { path: '/admin/sales-report', label: 'salesReport', icon: IconReportMoney },
  { path: '/admin/clients-report', label: 'clientsReport', icon: IconReportAnalytics },
  { path: '/admin/google-ads-report', label: 'adsReport', icon: IconBrandGoogle },
  { path: '/admin/marketing-actions', label: 'marketingActions', icon: IconDiscount },
  { path: '/admin/vendors', label: 'vendors', icon: IconBuildingStore },
  { path: '/admin/core-settings', label: 'coreSettings', icon: IconSettings },
  { path: '/admin/user-orders', label: 'userOrders', icon: IconClipboardList },
  { path: '/admin/user-apps', label: 'userApps', icon: IconDeviceMobile },
  { path: '/admin/notice-templates', label: 'noticeTemplates', icon: IconMessage2 },
  { path: '/admin/log-viewer', label: 'logViewer', icon: IconHistory },
  { path: '/admin/operations', label: 'operations', icon: IconActivity },
];

function Section({
  section,
  items,
  pathname,
  extra,
}: {
  section: SectionKey;
  items: MenuItem[];
  pathname: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('app');
  const { permissions } = useSession();
  const visible = items.filter((item) => canOpen(item.path, permissions));
  if (visible.length === 0) return null;
  return (
    <Stack
      gap={2}
      component="section"
      aria-label={section === 'main' ? undefined : t(`menu.sections.${section}`)}
    >
      {section !== 'main' && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
          {t(`menu.sections.${section}`)}
        </Text>
      )}
      {visible.map(({ path, label, icon: Icon }) => (
        <NavLink
          key={path}
          component={Link}
          to={path}
          label={t(`menu.items.${label}`)}
          leftSection={<Icon size={18} stroke={1.6} />}
          active={pathname === path || pathname.startsWith(`${path}/`)}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
      {extra}
    </Stack>
  );
}

/** The navigation of the signed-in area. */
export function SideMenu() {
  const { t } = useTranslation('app');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ScrollArea style={{ flex: 1 }} type="scroll">
      <nav aria-label={t('menu.label')}>
        <AccountSwitch />
        <QuickActions />
        <Section section="admin" items={ADMIN_MENU} pathname={pathname} />
        {MENU.map(({ section, items }) => (
          <Section
            key={section}
            section={section}
            items={items}
            pathname={pathname}
            extra={section === 'other' && <ManagerRequestMenuItem />}
          />
        ))}
      </nav>
    </ScrollArea>
  );
}
