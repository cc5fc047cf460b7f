import { canOpen } from './navigation';
import { MENU_SECTIONS, PAGES, type KnownPath, type MenuSection, type Page, type PageTitle } from './pages';

/** A side menu entry: a page of the manifest with its title and icon. */
export interface MenuItem {
  path: KnownPath;
  title: PageTitle;
  icon: NonNullable<Page['menu']>['icon'];
}

/**
 * The side menu (customer-area §2, staff-admin §2) for `permissions`: each section in its order with the pages
 * the manifest lists in it, in the manifest's order, those the permissions open; empty sections are left out.
 */
export function menuSections(permissions: readonly string[]): { section: MenuSection; items: MenuItem[] }[] {
  const pages: readonly Page[] = PAGES;
  return MENU_SECTIONS.map((section) => ({
    section,
    items: pages.flatMap((page) =>
      page.menu?.section === section && page.title && canOpen(page.path as KnownPath, permissions)
        ? [{ path: page.path as KnownPath, title: page.title, icon: page.menu.icon }]
        : [],
    ),
  })).filter(({ items }) => items.length > 0);
}
