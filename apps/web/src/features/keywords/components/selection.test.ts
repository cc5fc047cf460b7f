import { describe, expect, it } from 'vitest';
import { keepExisting, mergePageSelection } from './selection';

describe('mergePageSelection', () => {
  it('follows the table on this page and keeps other pages', () => {
    const selected = new Set([1, 2, 11]);
    expect([...mergePageSelection(selected, [1, 2, 3], [2, 3])].sort((a, b) => a - b)).toEqual([2, 3, 11]);
  });

  it('clears the page when nothing on it is selected', () => {
    expect([...mergePageSelection(new Set([1, 2, 11]), [1, 2, 3], [])]).toEqual([11]);
  });
});

describe('keepExisting', () => {
  it('drops ids that are gone', () => {
    expect([...keepExisting(new Set([1, 2, 3]), [2, 3, 4])]).toEqual([2, 3]);
  });
});
