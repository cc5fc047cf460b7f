import type { PageMeta } from '@storelift/shared';

/** The `meta` of a paged list answer. */
export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage };
}
