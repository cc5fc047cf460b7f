import { describe, expect, it, vi } from 'vitest';
import { drainOutbox, eachOnItsOwn } from './batches.js';
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

describe('drainOutbox', () => {
  /** An outbox of `count` rows; `each` marks a row done unless it is `failing`. */
  const outbox = (count: number, failing?: number) => {
    const waiting = Array.from({ length: count }, (_, i) => i + 1);
    const takes: number[] = [];
    return {
      takes,
      take: async (limit: number) => {
        takes.push(limit);
        return waiting.slice(0, limit);
      },
      each: async (n: number) => {
        if (n === failing) throw new Error('smtp down');
        waiting.splice(waiting.indexOf(n), 1);
      },
    };
  };
  const options = { what: 'mail', contextOf: (n: number) => ({ n }), log: { error: vi.fn() } as never };

  it('works batch after batch until a short batch: a burst in one run', async () => {
    const box = outbox(7);
    expect(await drainOutbox(box.take, box.each, { ...options, batch: 3 })).toBe(7);
    expect(box.takes).toEqual([3, 3, 3]);
  });

  it('stops at a batch where an item failed (it waits for the next run), the others of it done', async () => {
    const box = outbox(7, 2);
    expect(await drainOutbox(box.take, box.each, { ...options, batch: 3 })).toBe(2);
    expect(box.takes).toEqual([3]);
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
