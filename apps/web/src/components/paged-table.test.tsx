import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageOf } from './paged-table';

describe('usePageOf', () => {
  it('keeps the chosen page while the filters stay and starts again from page 1 when they change', () => {
    const { result, rerender } = renderHook(({ filters }) => usePageOf(filters), {
      initialProps: { filters: { status: 'all', search: undefined as string | undefined } },
    });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);

    // Equal by value (a new object each render) keeps the page.
    rerender({ filters: { status: 'all', search: undefined } });
    expect(result.current[0]).toBe(3);

    rerender({ filters: { status: 'all', search: 'fit' } });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);

    // Back to earlier filters: still a new choice, page 1.
    rerender({ filters: { status: 'all', search: undefined } });
    expect(result.current[0]).toBe(1);
  });
});
