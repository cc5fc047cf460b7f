import type { ComponentType } from 'react';
import {
  IconAd2,
  IconActivity,
  IconApi,
  IconApps,
  IconArrowsExchange,
  IconAward,
  IconBrandGoogle,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconCreditCard,
  IconDeviceMobile,
  IconDiscount,
  IconFileText,
  IconFunction,
  IconGift,
  IconHeadset,
  IconHistory,
  IconHome,
  IconKey,
  IconLayoutDashboard,
  IconLink,
  IconListDetails,
  IconMail,
  IconMessage2,
  IconNews,
  IconPuzzle,
  IconReceipt,
  IconReportAnalytics,
  IconReportMoney,
  IconRocket,
  IconScale,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconUserCircle,
  IconUserShare,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ModulePermission } from '@storelift/shared';
import type { Namespace } from '../lib/i18n';
import { startCampaignsPageCalls } from '../features/campaigns/api/campaign-list-params';
import { campaignSearch } from './campaign-search';
import type { MenuIcon, MenuSection, PageTitle } from './menu-sections';
import { keywordsSearch, stringParams } from './search';

/** Who may open a page. */
export interface RouteAccess {
  /** Visitors (no token) may open it: a page outside the signed-in area (no side menu). */
  public?: boolean;
  /** Signed-in users are sent to the dashboard instead (sign-in, sign-up, forgot password). */
  guestOnly?: boolean;
  /** The permission a signed-in user needs (staff pages); without it they go to the dashboard. */
  permission?: ModulePermission;
}

/** One page of the app. */
export interface Page {
  /** Segments written `$name` match any value. */
  path: string;
  /** Who may open it (customer-area §2, staff-admin §2); none: every signed-in user. */
  access?: RouteAccess;
  /** Its title, and its entry in the side menu: the section, in the manifest's order, and the icon. */
  title?: PageTitle;
  menu?: { section: MenuSection; icon: MenuIcon };
  /** The page's component, a lazy chunk of its own. */
  component: () => Promise<ComponentType>;
  /** The query values it keeps (routes/search.ts). */
  search?: (search: Record<string, unknown>) => object;
  /** The namespaces its route loads with its code. */
  texts?: readonly Namespace[];
  /**
   * What starts with a stored session beside the user check (guard.ts, preloadRoutes): the page's first API
   * calls (lib/api.ts, startEarly), and its `texts` when `texts` is set here.
   */
  early?: { calls?: (search: Record<string, unknown>) => void; texts?: boolean };
}

/*
 * The page manifest: every page of the app, from which the router (router.tsx), the route guard
 * (navigation.ts, guard.ts), the entry's preloading and the side menu (layouts/side-menu.tsx) are built.
 * Adding a page: one entry here, its `*-page.tsx` here in routes/ (composing its feature) and its texts.
 * The side menu lists the pages with a `menu` in this order; with a stored session the entry starts a page's
 * code at once (main.tsx): these dynamic imports, with the chunks Vite preloads beside each, are in the entry.
 */
export const PAGES = [
  {
    path: '/login',
    access: { public: true, guestOnly: true },
    search: stringParams('verified'),
    component: () => import('./login-page').then((page) => page.LoginPage),
  },
  {
    path: '/signup',
    access: { public: true, guestOnly: true },
    search: stringParams('ref', 'email'),
    component: () => import('./signup-page').then((page) => page.SignupPage),
  },
  {
    path: '/forgot-password',
    access: { public: true, guestOnly: true },
    component: () => import('./forgot-password-page').then((page) => page.ForgotPasswordPage),
  },
  {
    path: '/password-reset',
    access: { public: true },
    search: stringParams('token', 'email'),
    component: () => import('./password-reset-page').then((page) => page.PasswordResetPage),
  },
  {
    path: '/404',
    access: { public: true },
    component: () => import('./error-pages').then((page) => page.NotFoundPage),
  },
  {
    path: '/500',
    access: { public: true },
    component: () => import('./error-pages').then((page) => page.ServerErrorPage),
  },
  {
    path: '/503',
    access: { public: true },
    component: () => import('./error-pages').then((page) => page.MaintenancePage),
  },
  // The new tab of "Log in as user": exchanges its one-time code, then opens the user's dashboard.
  {
    path: '/login-as',
    access: { public: true },
    texts: ['security'],
    component: () => import('./login-as-page').then((page) => page.LoginAsPage),
  },

  // Administration (staff-admin §2): the staff home first, then the pages in the spec's order and the staff desk.
  {
    path: '/admin/home',
    access: { permission: 'staff-home' },
    title: 'staffHome',
    menu: { section: 'admin', icon: IconHome },
    texts: ['staffdesk', 'money'],
    component: () => import('./admin-staff-desk-pages').then((page) => page.AdminStaffHomePage),
  },
  {
    path: '/admin/role',
    access: { permission: 'roles' },
    title: 'roles',
    menu: { section: 'admin', icon: IconUserShield },
    texts: ['access'],
    component: () => import('./admin-roles-page').then((page) => page.AdminRolesPage),
  },
  {
    path: '/admin/functions',
    access: { permission: 'functions' },
    title: 'functions',
    menu: { section: 'admin', icon: IconFunction },
    texts: ['access'],
    component: () => import('./admin-catalog-pages').then((page) => page.AdminFunctionsPage),
  },
  {
    path: '/admin/modules',
    access: { permission: 'modules' },
    title: 'modules',
    menu: { section: 'admin', icon: IconPuzzle },
    texts: ['access'],
    component: () => import('./admin-catalog-pages').then((page) => page.AdminModulesPage),
  },
  {
    path: '/admin/access-lists',
    access: { permission: 'access-lists' },
    title: 'accessLists',
    menu: { section: 'admin', icon: IconShieldLock },
    texts: ['security'],
    component: () => import('./admin-access-lists-page').then((page) => page.AdminAccessListsPage),
  },
  // User lists and details: their texts (the details' audit trail speaks the log viewer's).
  {
    path: '/admin/user-lists',
    access: { permission: 'user-lists' },
    title: 'userLists',
    menu: { section: 'admin', icon: IconUsers },
    texts: ['users', 'access', 'money', 'pages'],
    component: () => import('./admin-user-lists-page').then((page) => page.AdminUserListsPage),
  },
  {
    path: '/admin/user-details/$id',
    access: { permission: 'user-details' },
    search: stringParams('tab'),
    texts: ['users', 'access', 'money', 'pages'],
    component: () => import('./admin-user-details-page').then((page) => page.AdminUserDetailsPage),
  },
  {
    path: '/admin/user-payments',
    access: { permission: 'user-payments' },
    title: 'userPayments',
    menu: { section: 'admin', icon: IconReceipt },
    search: stringParams('status'),
    texts: ['staffmoney', 'money'],
    component: () => import('./admin-user-payments-page').then((page) => page.AdminUserPaymentsPage),
  },
  {
    path: '/admin/reconciliation',
    access: { permission: 'reconciliation' },
    title: 'reconciliation',
    menu: { section: 'admin', icon: IconScale },
    texts: ['staffmoney', 'money'],
    component: () => import('./admin-reconciliation-page').then((page) => page.AdminReconciliationPage),
  },
  {
    path: '/admin/referral-payouts',
    access: { permission: 'referral-payouts' },
    title: 'referralPayouts',
    menu: { section: 'admin', icon: IconCash },
    texts: ['staffdesk', 'money'],
    component: () => import('./admin-staff-desk-pages').then((page) => page.AdminReferralPayoutsPage),
  },
  {
    path: '/admin/bonus-submissions',
    access: { permission: 'bonus-submissions' },
    title: 'bonusSubmissions',
    menu: { section: 'admin', icon: IconGift },
    texts: ['staffdesk', 'money'],
    component: () => import('./admin-staff-desk-pages').then((page) => page.AdminBonusSubmissionsPage),
  },
  {
    path: '/admin/contact-messages',
    access: { permission: 'contact-messages' },
    title: 'contactMessages',
    menu: { section: 'admin', icon: IconMail },
    texts: ['staffdesk', 'money'],
    component: () => import('./admin-staff-desk-pages').then((page) => page.AdminContactMessagesPage),
  },
  {
    path: '/admin/reflinks',
    access: { permission: 'reflinks' },
    title: 'reflinks',
    menu: { section: 'admin', icon: IconLink },
    texts: ['staffmoney', 'money'],
    component: () => import('./admin-reflinks-page').then((page) => page.AdminReflinksPage),
  },
  {
    path: '/admin/blog',
    access: { permission: 'blog' },
    title: 'blog',
    menu: { section: 'admin', icon: IconNews },
    texts: ['blog'],
    component: () => import('./admin-blog-page').then((page) => page.AdminBlogPage),
  },
  {
    path: '/admin/cpi-accounts',
    access: { permission: 'cpi-accounts' },
    title: 'cpiAccounts',
    menu: { section: 'admin', icon: IconAd2 },
    texts: ['staffmoney', 'money'],
    component: () => import('./admin-cpi-accounts-page').then((page) => page.AdminCpiAccountsPage),
  },
  {
    path: '/admin/sales-report',
    access: { permission: 'sales-report' },
    title: 'salesReport',
    menu: { section: 'admin', icon: IconReportMoney },
    search: stringParams('tab'),
    texts: ['sales'],
    component: () => import('./admin-sales-report-page').then((page) => page.AdminSalesReportPage),
  },
  {
    path: '/admin/clients-report',
    access: { permission: 'clients-report' },
    title: 'clientsReport',
    menu: { section: 'admin', icon: IconReportAnalytics },
    texts: ['sales'],
    component: () => import('./admin-clients-report-page').then((page) => page.AdminClientsReportPage),
  },
  // Marketing pages: their texts, and the product types the actions name.
  {
    path: '/admin/google-ads-report',
    access: { permission: 'google-ads-report' },
    title: 'adsReport',
    menu: { section: 'admin', icon: IconBrandGoogle },
    texts: ['marketing', 'campaigns'],
    component: () => import('./admin-marketing-pages').then((page) => page.AdminAdsReportPage),
  },
  {
    path: '/admin/marketing-actions',
    access: { permission: 'marketing-actions' },
    title: 'marketingActions',
    menu: { section: 'admin', icon: IconDiscount },
    texts: ['marketing', 'campaigns'],
    component: () => import('./admin-marketing-pages').then((page) => page.AdminMarketingActionsPage),
  },
  // Staff pages of campaigns and vendors: their texts, and the campaign statuses and types they show.
  {
    path: '/admin/vendors',
    access: { permission: 'vendors' },
    title: 'vendors',
    menu: { section: 'admin', icon: IconBuildingStore },
    texts: ['admin', 'campaigns'],
    component: () => import('./admin-vendors-page').then((page) => page.AdminVendorsPage),
  },
  {
    path: '/admin/vendors/$id',
    access: { permission: 'vendors' },
    texts: ['admin', 'campaigns'],
    component: () => import('./admin-vendor-page').then((page) => page.AdminVendorPage),
  },
  // Core settings: its texts, and the product types of the price list.
  {
    path: '/admin/core-settings',
    access: { permission: 'core-settings' },
    title: 'coreSettings',
    menu: { section: 'admin', icon: IconSettings },
    texts: ['settings', 'campaigns'],
    component: () => import('./admin-core-settings-page').then((page) => page.AdminCoreSettingsPage),
  },
  {
    path: '/admin/user-orders',
    access: { permission: 'user-orders' },
    title: 'userOrders',
    menu: { section: 'admin', icon: IconClipboardList },
    search: stringParams('userId', 'view', 'campaign', 'unread'),
    texts: ['admin', 'campaigns'],
    component: () => import('./admin-user-orders-page').then((page) => page.AdminUserOrdersPage),
  },
  {
    path: '/admin/user-apps',
    access: { permission: 'user-apps' },
    title: 'userApps',
    menu: { section: 'admin', icon: IconDeviceMobile },
    texts: ['staffmoney', 'money'],
    component: () => import('./admin-user-apps-page').then((page) => page.AdminUserAppsPage),
  },
  {
    path: '/admin/notice-templates',
    access: { permission: 'notice-templates' },
    title: 'noticeTemplates',
    menu: { section: 'admin', icon: IconMessage2 },
    component: () => import('./admin-notice-templates-page').then((page) => page.AdminNoticeTemplatesPage),
  },
  // The audit log's texts and the server error log's (its second tab).
  {
    path: '/admin/log-viewer',
    access: { permission: 'log-viewer' },
    title: 'logViewer',
    menu: { section: 'admin', icon: IconHistory },
    texts: ['access', 'operations'],
    component: () => import('./admin-log-viewer-page').then((page) => page.AdminLogViewerPage),
  },
  {
    path: '/admin/operations',
    access: { permission: 'operations' },
    title: 'operations',
    menu: { section: 'admin', icon: IconActivity },
    texts: ['operations'],
    component: () => import('./admin-operations-page').then((page) => page.AdminOperationsPage),
  },

  // The customer menu (customer-area §2). The dashboard's texts: the widgets' (the personal-manager card's among them).
  {
    path: '/dashboard',
    title: 'dashboard',
    menu: { section: 'main', icon: IconLayoutDashboard },
    texts: ['pages', 'sales'],
    component: () => import('./dashboard-page').then((page) => page.DashboardPage),
  },
  {
    path: '/apps',
    title: 'apps',
    menu: { section: 'appsAndKeywords', icon: IconApps },
    search: stringParams('search', 'openModal'),
    component: () => import('./apps-page').then((page) => page.AppsPage),
  },
  {
    path: '/keywords',
    title: 'keywords',
    menu: { section: 'appsAndKeywords', icon: IconKey },
    search: keywordsSearch,
    component: () => import('./keywords-page').then((page) => page.KeywordsPage),
  },
  // The campaign texts and the personal-manager dialog's.
  {
    path: '/add-campaigns',
    title: 'addCampaigns',
    menu: { section: 'services', icon: IconRocket },
    search: stringParams(
      'productType',
      'campaignId',
      'repeat',
      'packageId',
      'appstore',
      'country',
      'isAdvancedMode',
      'omitAdvancedMode',
    ),
    texts: ['campaigns', 'sales'],
    component: () => import('./add-campaigns-page').then((page) => page.AddCampaignsPage),
  },
  {
    path: '/campaigns',
    title: 'myCampaigns',
    menu: { section: 'services', icon: IconSpeakerphone },
    search: stringParams('productType', 'packageId', 'appstore', 'country', 'search', 'status'),
    texts: ['campaigns'],
    early: { calls: (search) => startCampaignsPageCalls(campaignSearch(search)), texts: true },
    component: () => import('./campaigns-page').then((page) => page.CampaignsPage),
  },
  // Its texts, and the campaign texts it shows (product types, statuses).
  {
    path: '/statistics',
    title: 'statistics',
    menu: { section: 'services', icon: IconChartBar },
    search: stringParams(
      'tab',
      'view',
      'period',
      'from',
      'to',
      'packageId',
      'appstore',
      'country',
      'productType',
    ),
    texts: ['statistics', 'campaigns'],
    component: () => import('./statistics-page').then((page) => page.StatisticsPage),
  },
  {
    path: '/top-up-balance',
    title: 'topUp',
    menu: { section: 'finance', icon: IconCreditCard },
    texts: ['money'],
    component: () => import('./top-up-page').then((page) => page.TopUpPage),
  },
  // Where the payment providers send the browser back (the sandbox's and Stripe's return path).
  {
    path: '/top-up-balance/result',
    search: stringParams('payment'),
    texts: ['money'],
    component: () => import('./top-up-result-page').then((page) => page.TopUpResultPage),
  },
  // A bank transfer, Wise or Payoneer payment: where to send it, its reference, the pro-forma invoice.
  {
    path: '/top-up-balance/transfer/$paymentId',
    texts: ['money'],
    component: () => import('./transfer-payment-page').then((page) => page.TransferPaymentPage),
  },
  {
    path: '/transfers',
    title: 'transfers',
    menu: { section: 'finance', icon: IconArrowsExchange },
    texts: ['money'],
    component: () => import('./transfers-page').then((page) => page.TransfersPage),
  },
  {
    path: '/my-transactions',
    title: 'transactions',
    menu: { section: 'finance', icon: IconListDetails },
    texts: ['money'],
    component: () => import('./transactions-page').then((page) => page.TransactionsPage),
  },
  {
    path: '/priceplans',
    title: 'pricePlans',
    menu: { section: 'finance', icon: IconAward },
    texts: ['money'],
    component: () => import('./price-plans-page').then((page) => page.PricePlansPage),
  },
  {
    path: '/referral-program',
    title: 'referralProgram',
    menu: { section: 'other', icon: IconUserShare },
    texts: ['money'],
    component: () => import('./referral-program-page').then((page) => page.ReferralProgramPage),
  },
  {
    path: '/bonus-program',
    title: 'bonusProgram',
    menu: { section: 'other', icon: IconGift },
    texts: ['money'],
    component: () => import('./bonus-program-page').then((page) => page.BonusProgramPage),
  },
  {
    path: '/resellers-program',
    title: 'resellersProgram',
    menu: { section: 'other', icon: IconBuildingStore },
    texts: ['pages'],
    component: () => import('./resellers-program-page').then((page) => page.ResellersProgramPage),
  },
  {
    path: '/partners-program',
    title: 'partnersProgram',
    menu: { section: 'other', icon: IconUsersGroup },
    texts: ['pages'],
    component: () => import('./partners-program-page').then((page) => page.PartnersProgramPage),
  },
  {
    path: '/starting',
    title: 'starting',
    menu: { section: 'other', icon: IconChecklist },
    texts: ['pages'],
    component: () => import('./starting-page').then((page) => page.StartingPage),
  },
  // The page's texts and its webhooks section's.
  {
    path: '/api-support',
    title: 'apiSupport',
    menu: { section: 'other', icon: IconApi },
    texts: ['pages', 'webhooks'],
    component: () => import('./api-support-page').then((page) => page.ApiSupportPage),
  },
  {
    path: '/contacts',
    title: 'contacts',
    menu: { section: 'other', icon: IconHeadset },
    texts: ['pages'],
    component: () => import('./contacts-page').then((page) => page.ContactsPage),
  },
  {
    path: '/my-profile',
    title: 'myProfile',
    menu: { section: 'other', icon: IconUserCircle },
    search: stringParams('tab'),
    texts: ['profile'],
    component: () => import('./my-profile-page').then((page) => page.MyProfilePage),
  },
  // Open to visitors too, and listed in the signed-in menu.
  {
    path: '/terms',
    access: { public: true },
    title: 'terms',
    menu: { section: 'other', icon: IconFileText },
    component: () => import('./legal-pages').then((page) => page.TermsPage),
  },
  {
    path: '/privacy',
    access: { public: true },
    title: 'privacy',
    menu: { section: 'other', icon: IconShieldLock },
    component: () => import('./legal-pages').then((page) => page.PrivacyPage),
  },
] as const satisfies readonly Page[];

export type KnownPath = (typeof PAGES)[number]['path'];
