import type { ComponentType } from 'react';
import type enUSApp from '../locales/en-US.app.json';

/*
 * The side menu's shapes: here, apart from the page manifest (pages.ts) that imports the pages, so the layout
 * can name them without importing it (it gets the menu from the router's context, router.tsx).
 */

/** The side menu's sections, in their order: the staff's Administration first, then the customer menu. */
export const MENU_SECTIONS = ['admin', 'main', 'appsAndKeywords', 'services', 'finance', 'other'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/** A page's title: its name in the side menu (`menu.items.*` of the app namespace). */
export type PageTitle = keyof typeof enUSApp.menu.items;

export type MenuIcon = ComponentType<{ size?: number; stroke?: number }>;

/** A side menu entry: a page of the manifest with its title and icon. */
export interface MenuItem {
  path: string;
  title: PageTitle;
  icon: MenuIcon;
}

/** What the router gives every route: the side menu for a user's permissions (routes/menu.ts). */
export interface RouterContext {
  menuSections: (permissions: readonly string[]) => { section: MenuSection; items: MenuItem[] }[];
}
