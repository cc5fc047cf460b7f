import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenings } from './use-openings';

describe('useOpenings', () => {
  it('counts each opening and keeps the count while closed', () => {
    const { result, rerender } = renderHook(({ opened }) => useOpenings(opened), {
      initialProps: { opened: false },
    });
    expect(result.current).toBe(0);
    rerender({ opened: true });
    expect(result.current).toBe(1);
    rerender({ opened: true });
    expect(result.current).toBe(1);
    rerender({ opened: false });
    expect(result.current).toBe(1);
    rerender({ opened: true });
    expect(result.current).toBe(2);
  });
});
