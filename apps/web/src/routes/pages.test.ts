import { describe, expect, it } from 'vitest';
import { menuSections } from './menu';
import { resolveNavigation, ROUTE_ACCESS } from './navigation';
import { PAGES } from './pages';
import { router } from './router';

const signedIn = (path: string, permissions: string[]) =>
  resolveNavigation({ path, search: {}, authenticated: true, permissions });

describe('the page manifest', () => {
  it('gives the router every page, a lazy chunk each', () => {
    const routes: Record<string, { options: { component?: unknown } }> = router.routesByPath;
    for (const page of PAGES) {
      expect(Object.keys(routes), page.path).toContain(page.path);
      expect((routes[page.path]!.options.component as { preload?: unknown }).preload).toBeTypeOf('function');
    }
  });

  it('drives the guard and the menu: a staff page without its permission is neither listed nor opened', () => {
    const paths = (permissions: string[]) =>
      menuSections(permissions).flatMap(({ items }) => items.map((item) => item.path));
    expect(ROUTE_ACCESS['/admin/vendors']).toEqual({ permission: 'vendors' });
    expect(paths([])).not.toContain('/admin/vendors');
    expect(menuSections([]).map(({ section }) => section)).not.toContain('admin');
    expect(signedIn('/admin/vendors', [])).toEqual({ kind: 'redirect', to: '/dashboard' });

    expect(menuSections(['vendors'])[0]).toMatchObject({
      section: 'admin',
      items: [{ path: '/admin/vendors' }],
    });
    expect(signedIn('/admin/vendors', ['vendors'])).toEqual({ kind: 'allow' });
  });

  it('lists the menu by section, in the manifest order', () => {
    const sections = menuSections(['staff-home', 'roles', 'operations']);
    expect(sections.map(({ section }) => section)).toEqual([
      'admin',
      'main',
      'appsAndKeywords',
      'services',
      'finance',
      'other',
    ]);
    expect(sections[0]!.items.map((item) => item.path)).toEqual([
      '/admin/home',
      '/admin/role',
      '/admin/operations',
    ]);
    expect(
      sections
        .at(-1)!
        .items.map((item) => item.path)
        .slice(-3),
    ).toEqual(['/my-profile', '/terms', '/privacy']);
  });
});

describe('links', () => {
  // The router is built from the manifest in a loop, so TypeScript no longer checks a link's path: this does.
  it('lead only to pages of the manifest', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const paths = new Set<string>(PAGES.map((page) => page.path));
    const targets = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const [, to] of text.matchAll(/\bto(?:=|: )['"`](\/[^'"`?#]*)['"`]/g)) targets.add(to!);
    }
    expect(targets.size).toBeGreaterThan(20);
    expect([...targets].filter((to) => to !== '/' && !paths.has(to))).toEqual([]);
  });
});
