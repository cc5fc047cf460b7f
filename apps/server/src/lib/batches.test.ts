import { describe, expect, it, vi } from 'vitest';
import { eachOnItsOwn } from './batches.js';
import { logger } from './logger.js';
import { forEachBatch } from '../modules/campaigns/campaigns.repo.js';

describe('eachOnItsOwn', () => {
  it('runs every item though one throws, and logs and counts the failure with its context', async () => {
    const ran: number[] = [];
    const log = { error: vi.fn() };
    const result = await eachOnItsOwn(
      [1, 2, 3],
      async (n) => {
        if (n === 2) throw new Error('vendor down');
        ran.push(n);
      },
      { what: 'campaigns.deliver', contextOf: (n) => ({ campaignId: n }), log: log as never },
    );
    expect(ran).toEqual([1, 3]);
    expect(result.done).toBe(2);
    expect(result.failed).toEqual([{ item: 2, error: new Error('vendor down') }]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ work: 'campaigns.deliver', campaignId: 2, err: new Error('vendor down') }),
      expect.any(String),
    );
  });
});

describe('forEachBatch (the delivery tick and the CPI sweep)', () => {
  it('goes on past a campaign that throws, to the later ones and the next batches', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const rows = Array.from({ length: 7 }, (_, index) => ({ id: index + 1 }));
    const ran: number[] = [];
    const result = await forEachBatch(
      'campaigns.deliver',
      async (after, limit) => rows.filter((row) => row.id > after).slice(0, limit),
      async ({ id }) => {
        if (id === 2 || id === 5) throw new TypeError('broken campaign');
        ran.push(id);
      },
      3,
    );
    expect(ran).toEqual([1, 3, 4, 6, 7]);
    expect(result).toEqual({ done: 5, failed: 2 });
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ work: 'campaigns.deliver', id: 5 }),
      expect.any(String),
    );
  });
});
