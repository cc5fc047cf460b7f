import { describe, expect, it } from 'vitest';
import { initialChoices, listFilters, listParams } from './campaign-list-params';

describe('My campaigns list parameters', () => {
  it('sorts by id ascending by default (customer-area §9)', () => {
    expect(listParams(listFilters(initialChoices({})), 1)).toMatchObject({
      status: 'all',
      page: 1,
      limit: 10,
      sortBy: 'id',
      sortType: 'asc',
    });
  });
});
