import type { ComponentType } from 'react';

/*
 * The signed-in area's layout and pages, by name. Their dynamic imports, each with the list of chunks Vite
 * preloads beside it, are in the entry (about 1 KiB): with a stored session the entry starts the page's code,
 * its shared chunks and the layout's at once (main.tsx), not after a first chunk has run.
 */
export const signedInPages = {
  layout: () => import('./layouts/app-layout').then((page) => page.AppLayout),
  dashboard: () => import('./dashboard-page').then((page) => page.DashboardPage),
  apps: () => import('./apps-page').then((page) => page.AppsPage),
  keywords: () => import('./keywords-page').then((page) => page.KeywordsPage),
  addCampaigns: () => import('./add-campaigns-page').then((page) => page.AddCampaignsPage),
  campaigns: () => import('./campaigns-page').then((page) => page.CampaignsPage),
  adminUserLists: () => import('./admin-user-lists-page').then((page) => page.AdminUserListsPage),
  adminUserOrders: () => import('./admin-user-orders-page').then((page) => page.AdminUserOrdersPage),
  adminVendors: () => import('./admin-vendors-page').then((page) => page.AdminVendorsPage),
  adminRoles: () => import('./admin-roles-page').then((page) => page.AdminRolesPage),
  adminModules: () => import('./admin-catalog-pages').then((page) => page.AdminModulesPage),
  adminFunctions: () => import('./admin-catalog-pages').then((page) => page.AdminFunctionsPage),
  adminLogViewer: () => import('./admin-log-viewer-page').then((page) => page.AdminLogViewerPage),
  adminUserPayments: () => import('./admin-user-payments-page').then((page) => page.AdminUserPaymentsPage),
  adminUserApps: () => import('./admin-user-apps-page').then((page) => page.AdminUserAppsPage),
  adminReflinks: () => import('./admin-reflinks-page').then((page) => page.AdminReflinksPage),
  adminNoticeTemplates: () =>
    import('./admin-notice-templates-page').then((page) => page.AdminNoticeTemplatesPage),
  adminBlog: () => import('./admin-blog-page').then((page) => page.AdminBlogPage),
  adminMarketingActions: () =>
    import('./admin-marketing-pages').then((page) => page.AdminMarketingActionsPage),
  adminAdsReport: () => import('./admin-marketing-pages').then((page) => page.AdminAdsReportPage),
  adminCpiAccounts: () => import('./admin-cpi-accounts-page').then((page) => page.AdminCpiAccountsPage),
  adminUserDetails: () => import('./admin-user-details-page').then((page) => page.AdminUserDetailsPage),
  adminCoreSettings: () => import('./admin-core-settings-page').then((page) => page.AdminCoreSettingsPage),
  adminAccessLists: () => import('./admin-access-lists-page').then((page) => page.AdminAccessListsPage),
  adminSalesReport: () => import('./admin-sales-report-page').then((page) => page.AdminSalesReportPage),
  adminClientsReport: () => import('./admin-clients-report-page').then((page) => page.AdminClientsReportPage),
  adminOperations: () => import('./admin-operations-page').then((page) => page.AdminOperationsPage),
  adminStaffHome: () => import('./admin-staff-desk-pages').then((page) => page.AdminStaffHomePage),
  adminReferralPayouts: () =>
    import('./admin-staff-desk-pages').then((page) => page.AdminReferralPayoutsPage),
  adminBonusSubmissions: () =>
    import('./admin-staff-desk-pages').then((page) => page.AdminBonusSubmissionsPage),
  adminContactMessages: () =>
    import('./admin-staff-desk-pages').then((page) => page.AdminContactMessagesPage),
  topUp: () => import('./top-up-page').then((page) => page.TopUpPage),
  topUpResult: () => import('./top-up-result-page').then((page) => page.TopUpResultPage),
  transactions: () => import('./transactions-page').then((page) => page.TransactionsPage),
  pricePlans: () => import('./price-plans-page').then((page) => page.PricePlansPage),
  referralProgram: () => import('./referral-program-page').then((page) => page.ReferralProgramPage),
  bonusProgram: () => import('./bonus-program-page').then((page) => page.BonusProgramPage),
  statistics: () => import('./statistics-page').then((page) => page.StatisticsPage),
  resellersProgram: () => import('./resellers-program-page').then((page) => page.ResellersProgramPage),
  partnersProgram: () => import('./partners-program-page').then((page) => page.PartnersProgramPage),
  contacts: () => import('./contacts-page').then((page) => page.ContactsPage),
  starting: () => import('./starting-page').then((page) => page.StartingPage),
  apiSupport: () => import('./api-support-page').then((page) => page.ApiSupportPage),
  myProfile: () => import('./my-profile-page').then((page) => page.MyProfilePage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type SignedInPage = keyof typeof signedInPages;
