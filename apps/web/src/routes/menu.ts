import { MENU_SECTIONS, type RouterContext } from './menu-sections';
import { canOpen } from './navigation';
import { PAGES, type KnownPath, type Page } from './pages';

/**
 * The side menu (customer-area §2, staff-admin §2) for `permissions`: each section in its order with the pages
 * the manifest lists in it, in the manifest's order, those the permissions open; empty sections are left out.
 */
export const menuSections: RouterContext['menuSections'] = (permissions) => {
  const pages: readonly Page[] = PAGES;
  return MENU_SECTIONS.map((section) => ({
    section,
    items: pages.flatMap((page) =>
      page.menu?.section === section && page.title && canOpen(page.path as KnownPath, permissions)
        ? [{ path: page.path, title: page.title, icon: page.menu.icon }]
        : [],
    ),
  })).filter(({ items }) => items.length > 0);
};
